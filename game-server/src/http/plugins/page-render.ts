import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { PAGE_DATA_ID, SESSION_USER, SITE_CONFIG } from "@igp/shared/page-reads";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type BuiltPage, holdsSession, readsFor } from "./client-pages.ts";

/**
 * The pages the server renders again for a browser with a session (`rendered` in the client's
 * src/prerender.tsx): the lobbies, whose list the build cannot know; the lottery list and a
 * lottery's page for visitors too (`renderedForVisitors`: public reads, one render per address
 * shared by all for a moment).
 * Their build's HTML paints the frame, and the list only once the scripts have run and read it;
 * rendered here, with the session's user, the site's configuration and the page's reads answered
 * by this server's own routes (as the browser would have asked them, on its cookies), the list
 * and the signed-in header are in the first paint. The answers go beside the HTML in a data block
 * (`<script type="application/json">`: data, which the CSP's `script-src` does not govern), from
 * which the hydrating render starts (client/src/lib/page-data.tsx), so that it equals this HTML.
 * The renderer is the build's own (client/.prerender/prerender.js, built whole for Node).
 */
export interface PageRenderer {
  /** Whether `page` is one the server renders. */
  renders(page: BuiltPage | undefined): page is BuiltPage;
  /**
   * Sends `page` rendered for the request's session, or for visitors (without one, where the page
   * is `renderedForVisitors`); false (nothing sent) when the session or a read was not answered
   * (refused, or the server could not say in time): the build's page goes instead, and its
   * scripts handle the session and the reads as they always have.
   */
  send(
    page: BuiltPage,
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
  ): Promise<boolean>;
}

/**
 * Reads slower than this (a busy database): the build's page goes at once instead, its frame
 * painted from the HTML and its scripts reading what it shows, as for a page not rendered here.
 */
const READS_WAIT_MS = 500;
const ROOT = '<div id="root">';
const ROOT_END = "</div>\n  </body>";

type RenderPage = (path: string, answers: Record<string, unknown>) => Promise<string>;

/** Undefined when no built page is rendered by the server. */
export function pageRenderer(
  app: FastifyInstance,
  directory: string,
  pages: BuiltPage[],
): PageRenderer | undefined {
  const rendered = pages.filter((page) => page.rendered);
  if (rendered.length === 0) return undefined;
  const bundle = path.join(directory, "..", ".prerender", "prerender.js");
  if (!existsSync(bundle))
    throw new Error(`${bundle} is missing: build the client (npm run build)`);
  // Loaded meanwhile (a second or more on a busy machine: not in the server's start); the first
  // render waits for it, and a bundle that fails to load fails each render (logged by client-app).
  const loading = import(pathToFileURL(bundle).href) as Promise<{ renderPage: RenderPage }>;
  loading.catch(() => {});
  const templates = new Map(rendered.map((page) => [page, templateOf(directory, page)]));
  const rendering = async (page: BuiltPage, url: string, answers: Record<string, unknown>) => {
    const { renderPage } = await loading;
    return templates.get(page)!(await renderPage(url, answers), answers);
  };
  const forVisitors = new VisitorRenders((page, url, request) =>
    // Without a cookie, the page's reads are its public ones (a lottery's, filled from the address).
    readPublic(app, request, [SITE_CONFIG, ...page.fetch, ...readsFor(page, url)]).then(
      (answers) => answers && rendering(page, url, answers),
    ),
  );
  return {
    renders: (page): page is BuiltPage => Boolean(page && templates.has(page)),
    async send(page, request, reply, url) {
      if (!holdsSession(request.headers.cookie)) {
        const html = page.renderedForVisitors ? await forVisitors.page(page, url, request) : null;
        return html !== null && sendPage(html, request, reply, FOR_VISITORS);
      }
      // All of the page's reads, or the build's page (a table's page, a player on the dashboard).
      const own = readsFor(page, url, request.headers.cookie).filter(
        (read) => read !== SESSION_USER,
      );
      if (own.length < page.data.length) return false;
      const reads = [SITE_CONFIG, ...page.fetch, ...own];
      const read = await Promise.race([readAll(app, request, reads), sleep(READS_WAIT_MS)]);
      if (!read || !reads.every((url) => url in read.answers)) return false;
      const { answers, cookies } = read;
      for (const cookie of cookies) reply.header("set-cookie", cookie);
      return sendPage(await rendering(page, url, answers), request, reply, FOR_A_SESSION);
    },
  };
}

/** A page rendered for a session: never kept by a cache (it holds the user and the balances). */
const FOR_A_SESSION = "no-store";
/**
 * A page rendered for visitors (public reads only): a cache may keep it but must ask again before
 * using it; the service worker answers a repeat visit with it at once while it is 10 minutes old
 * at most (`stale-while-revalidate`, which the worker reads: client/src/sw-pages.ts), fetching it
 * again meanwhile, and the page reads its data again as it starts.
 */
const FOR_VISITORS = "no-cache, stale-while-revalidate=600";

async function sendPage(
  html: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: typeof FOR_A_SESSION | typeof FOR_VISITORS,
) {
  await reply
    .header("cache-control", cacheControl)
    .header("vary", "accept-encoding, cookie")
    .type("text/html; charset=utf-8")
    .send(await encoded(html, request, reply));
  return true;
}

/** How long one render of a page for visitors serves them all: its public reads' freshness. */
const VISITOR_RENDER_MS = 2_000;

/**
 * A page's render for visitors (no session, public reads only), shared by every visitor for
 * VISITOR_RENDER_MS: a crowd arriving from one shared link costs one render, not one each. A
 * render that failed or waited too long is not kept (those visitors get the build's page).
 */
class VisitorRenders {
  private readonly kept = new Map<string, { until: number; html: Promise<string | null> }>();

  constructor(
    private readonly render: (
      page: BuiltPage,
      url: string,
      request: FastifyRequest,
    ) => Promise<string | null>,
  ) {}

  page(page: BuiltPage, url: string, request: FastifyRequest): Promise<string | null> {
    const now = Date.now();
    const kept = this.kept.get(url);
    if (kept && kept.until > now) return kept.html;
    for (const [key, { until }] of this.kept) if (until <= now) this.kept.delete(key);
    const html = this.render(page, url, request);
    const entry = { until: now + VISITOR_RENDER_MS, html };
    this.kept.set(url, entry);
    const forget = () => this.kept.get(url) === entry && this.kept.delete(url);
    html.then((rendered) => rendered ?? forget(), forget);
    return html;
  }
}

/**
 * The page's built HTML as a function of the rendered root and the answers: the root's content
 * replaced, the data block after it, and the head's preloads of the reads answered here dropped
 * (the page does not ask for them again; an unused preload is a console warning).
 */
function templateOf(directory: string, page: BuiltPage) {
  const html = readFileSync(path.join(directory, page.file), "utf8");
  const start = html.indexOf(ROOT) + ROOT.length;
  const end = html.lastIndexOf(ROOT_END);
  if (start < ROOT.length || end < start) throw new Error(`${page.file}: no ${ROOT} in its body`);
  const [head, tail] = [html.slice(0, start), html.slice(end)];
  return (root: string, answers: Record<string, unknown>) => {
    const before = Object.keys(answers).reduce(
      (text, read) =>
        text.replace(`    <link rel="preload" as="fetch" crossorigin href="${read}">\n`, ""),
      head,
    );
    const block = `<script type="application/json" id="${PAGE_DATA_ID}">${asData(answers)}</script>`;
    return `${before}${root}</div>\n    ${block}${tail.slice("</div>".length)}`;
  };
}

/**
 * The session's user, then the other reads, each as the browser would make it (its headers: its
 * cookies, its address behind a proxy) through this server's own routes; the answered (200) ones
 * are kept. The cookies the session's check sets (a device id, given with it) are the page's to
 * set, and the later reads go with them, as the browser's would. Nothing when the session is
 * refused.
 */
async function readAll(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: string[],
): Promise<{ answers: Record<string, unknown>; cookies: string[] }> {
  const {
    "accept-encoding": _,
    "if-none-match": __,
    "if-modified-since": ___,
    ...headers
  } = request.headers;
  const read = (url: string, cookie = headers.cookie) =>
    app.inject({
      method: "GET",
      url,
      remoteAddress: request.socket.remoteAddress,
      headers: { ...headers, cookie },
    });
  const session = await read(SESSION_USER);
  if (session.statusCode !== 200) return { answers: {}, cookies: [] };
  const given = [session.headers["set-cookie"] ?? []].flat();
  const cookie = [headers.cookie, ...given.map((set) => set.split(";")[0])].join("; ");
  const others = await Promise.all(urls.map((url) => read(url, cookie)));
  const answers = Object.fromEntries([
    [SESSION_USER, session.json()],
    ...others.flatMap((answer, index) =>
      answer.statusCode === 200 ? [[urls[index]!, answer.json()]] : [],
    ),
  ]);
  return { answers, cookies: given };
}

/**
 * The public reads of a page rendered for visitors, through this server's own routes without the
 * browser's cookies or credentials (the answers serve every visitor); null unless every one
 * answered in time.
 */
async function readPublic(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: string[],
): Promise<Record<string, unknown> | null> {
  const read = Promise.all(
    urls.map((url) =>
      app.inject({ method: "GET", url, remoteAddress: request.socket.remoteAddress }),
    ),
  );
  const answered = await Promise.race([read, sleep(READS_WAIT_MS)]);
  if (!answered || answered.some((answer) => answer.statusCode !== 200)) return null;
  return Object.fromEntries(answered.map((answer, index) => [urls[index]!, answer.json()]));
}

/** JSON that cannot end its block or open a comment inside it (`<` escaped). */
export function asData(answers: Record<string, unknown>): string {
  return JSON.stringify(answers).replace(/</g, "\\u003c");
}

/** Brotli (fast) or gzip as the browser accepts, as the API's answers are (api-compression.ts). */
async function encoded(html: string, request: FastifyRequest, reply: FastifyReply) {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    reply.header("content-encoding", "br");
    return promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header("content-encoding", "gzip");
    return promisify(gzip)(html);
  }
  return html;
}

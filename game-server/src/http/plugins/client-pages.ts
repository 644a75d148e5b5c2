import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pageRoute, SIGN_IN_PAGE, visitorDestination } from "@igp/shared";
import { SESSION_USER, signedInHintIn } from "@igp/shared/page-reads";

/**
 * The built client's pages (client/scripts/prerender-pages.ts): which file answers an address,
 * and which API reads to announce with it. A page file named with `[id]` answers any one path
 * segment there, `[...]` the rest of the address.
 */
export interface BuiltPage {
  route: RegExp;
  /** The pattern's segment names, in order (`[id]` gives "id"). */
  params: string[];
  file: string;
  data: PageData[];
  /** Behind sign-in: a browser without a session is sent to `visitorTo` instead (visitorGoesTo). */
  signedIn: boolean;
  /** The sign-in page, or the page's own choice (the profile: home). */
  visitorTo: string;
  /** Rendered again for a browser with a session, with these public reads answered (page-render.ts). */
  rendered: boolean;
  /** Rendered for a browser without one too (its reads are public: one render serves them all). */
  renderedForVisitors: boolean;
  fetch: string[];
}

/** client/src/prerender.tsx's PageData: a read the page makes at once, by its address. */
interface PageData {
  url: string;
  signedIn?: boolean;
  staff?: boolean;
  code?: boolean;
}

/** What pages.json says of a page (client/scripts/prerender-pages.ts). */
interface PageDescription {
  data?: PageData[];
  signedIn?: boolean;
  visitorTo?: string;
  rendered?: boolean;
  renderedForVisitors?: boolean;
  fetch?: string[];
}

/**
 * The pages under pages/: exact addresses first, then the patterns, those with fewer open
 * segments first ("/play/instant/coin-flip/lobby" is its own page before
 * "/play/instant/coin-flip/[id]").
 */
export function builtPages(directory: string): BuiltPage[] {
  if (!existsSync(`${directory}/pages`)) return [];
  const described = new Map<string, PageDescription>(
    existsSync(`${directory}/pages.json`)
      ? (
          JSON.parse(readFileSync(`${directory}/pages.json`, "utf8")) as ({
            path: string;
          } & PageDescription)[]
        ).map((page) => [page.path, page])
      : [],
  );
  const files = readdirSync(`${directory}/pages`, { recursive: true, encoding: "utf8" });
  const open = (page: string) => (page.match(/\[/g) ?? []).length;
  return files
    .map((file) => file.split(path.sep).join("/"))
    .filter((page) => page.endsWith(".html"))
    .sort((a, b) => open(a) - open(b) || b.length - a.length)
    .map((page) => {
      const address = page === "index.html" ? "/" : `/${page.slice(0, -".html".length)}`;
      const {
        data = [],
        signedIn = false,
        visitorTo = SIGN_IN_PAGE,
        rendered = false,
        renderedForVisitors = false,
        fetch = [],
      } = described.get(address) ?? {};
      const file = `pages/${page}`;
      return {
        ...pageRoute(address),
        file,
        data,
        signedIn,
        visitorTo,
        rendered,
        renderedForVisitors,
        fetch,
      };
    });
}

export function pageFor(pages: BuiltPage[], url: string): BuiltPage | undefined {
  return pages.find((page) => page.route.test(url));
}

/** Whether the browser holds a session (its `igp_signed_in` cookie: a hint, never a right). */
export const holdsSession = (cookie = "") => signedInHintIn(cookie) !== "";

/**
 * Where a browser without a session goes instead of a page behind sign-in: straight to the sign-in
 * page (prerendered; naming a game's page it came from, as the client's SignedInOnly does), not
 * through the page's scripts, which would only send it there once they had run. Undefined: the
 * page answers.
 */
export function visitorGoesTo(
  page: BuiltPage | undefined,
  url: string,
  cookie = "",
): string | undefined {
  if (!page?.signedIn || holdsSession(cookie)) return undefined;
  return visitorDestination(page.visitorTo, url);
}

/**
 * The API reads the page makes at once, by its address and the browser's cookies: the session's
 * user for a browser with a session, and the page's own reads (PageData) that apply.
 */
export function readsFor(page: BuiltPage | undefined, url: string, cookie = ""): string[] {
  // `staff` for a staff member's session (session-cookie.ts): a hint, never a right.
  const hint = signedInHintIn(cookie);
  const signedIn = hint !== "";
  const values = page ? paramsOf(page, url) : {};
  return [
    ...(signedIn ? [SESSION_USER] : []),
    ...(page?.data ?? [])
      .filter((read) => signedIn || !read.signedIn)
      .filter((read) => !read.staff || hint === "staff")
      // Digits name a table, not a round: the page reads it another way.
      .filter((read) => !read.code || /\D/.test(values.id ?? ""))
      .filter((read) => [...read.url.matchAll(/\[(\w+)\]/g)].every(([, name]) => values[name!]))
      .map((read) =>
        read.url.replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(values[name] ?? "")),
      ),
  ];
}

/**
 * The page's `Link` header: the API reads it will make at once (readsFor), fetched by the
 * browser with the HTML instead of after the scripts have run (`crossorigin`: the credentials
 * mode of the page's own fetch(), so that it uses the preloaded answer). Empty when there are none.
 */
export function preloadsFor(page: BuiltPage | undefined, url: string, cookie = ""): string {
  return readsFor(page, url, cookie)
    .map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`)
    .join(", ");
}

/** The address' values of the pattern's segments (none when one is not valid percent-encoding). */
function paramsOf(page: BuiltPage, url: string): Record<string, string> {
  const match = page.route.exec(url);
  if (!match) return {};
  try {
    return Object.fromEntries(
      page.params.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
    );
  } catch {
    return {};
  }
}

import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ensureClientBuilt } from "@igp/test-support/browser.ts";
import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** What the browser receives for the built client: compressed, cached, 404 where nothing is. */
const DIST = fileURLToPath(new URL("../../../client/dist/", import.meta.url));
let server: TestServer;
let entry: string;
beforeAll(async () => {
  ensureClientBuilt();
  // The largest script the home page loads first (its entry, or a chunk the entry imports).
  const scripts = [
    ...file("index.html")
      .toString()
      .matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g),
  ];
  entry = scripts.map((match) => match[1]!).sort((a, b) => file(b).length - file(a).length)[0]!;
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose answer is read as bytes, undecoded (fetch would inflate it). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

function decoded(answer: Raw): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  expect(encoding ?? "identity").toBe("identity");
  return answer.body;
}

const file = (path: string) => readFileSync(`${DIST}${path}`);
/** A browser holding a session (the server has not checked it yet: any page answers it). */
const SESSION = "igp_session=x; igp_signed_in=1";
const page = async (path: string, cookie = SESSION) =>
  decoded(await raw(path, { "accept-encoding": "gzip", cookie })).toString();

describe("compressed at build time", () => {
  it("sends brotli or gzip as accepted, smaller than the file, decompressing to the file", async () => {
    const original = file(entry);
    // The first download opens with V8's compile hint (client/scripts/compile-hints.ts), which
    // its compressed copies, made again after it was written, carry too (below).
    expect(original.toString().startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const answer = await raw(`/${entry}`, { "accept-encoding": accept });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.length).toBeLessThan(original.length / 2);
      expect(decoded(answer).equals(original)).toBe(true);
      expect(answer.body.equals(file(`${entry}.${encoding === "br" ? "br" : "gz"}`))).toBe(true);
    }
  });

  it("every text file of the build has its brotli and gzip copies", () => {
    const texts = readdirSync(`${DIST}assets`).filter((name) => /\.(js|css)$/.test(name));
    expect(texts.length).toBeGreaterThan(5);
    const names = new Set(readdirSync(`${DIST}assets`));
    const missing = texts.filter((name) => !names.has(`${name}.br`) || !names.has(`${name}.gz`));
    // Only tiny files, which compressing would not shrink (the build checks), stay as they are.
    for (const name of missing) expect(file(`assets/${name}`).length, name).toBeLessThan(200);
  });

  it("odd Accept-Encoding values still get a body that decodes to the file", async () => {
    const original = file(entry);
    const odd = [
      "",
      "identity",
      "*",
      "BR",
      "br;q=0, gzip;q=0",
      "br;q=abc",
      "x-unknown, ;;;, ,",
      "deflate",
      "gzip;q=0.1, br;q=0.9",
      "ünïcödé".normalize("NFD").replace(/[^\x20-\x7e]/g, "x"),
    ];
    for (const accept of odd) {
      const answer = await raw(`/${entry}`, { "accept-encoding": accept });
      expect(answer.status, accept).toBe(200);
      expect(decoded(answer).equals(original), accept).toBe(true);
    }
    const none = await raw(`/${entry}`);
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.equals(original)).toBe(true);
  });

  it("a range of a compressed asset is that range of the compressed bytes; a bad range is 416", async () => {
    const compressed = file(`${entry}.br`);
    const part = await raw(`/${entry}`, { "accept-encoding": "br", range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBe("br");
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${compressed.length}`);
    expect(part.body.equals(compressed.subarray(0, 100))).toBe(true);
    const beyond = await raw(`/${entry}`, {
      "accept-encoding": "br",
      range: `bytes=${compressed.length + 10}-`,
    });
    expect(beyond.status).toBe(416);
    expect(beyond.body.includes(compressed.subarray(0, 50))).toBe(false);
  });
});

describe("caching", () => {
  it("hashed assets are cached forever; each representation has its own ETag", async () => {
    const br = await raw(`/${entry}`, { "accept-encoding": "br" });
    const plain = await raw(`/${entry}`);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it("the pages are revalidated every time and answer 304 when unchanged", async () => {
    for (const path of ["/", "/auth/login", "/demo", "/admin/dashboard"]) {
      const page = await raw(path, { "accept-encoding": "br" });
      expect(page.status, path).toBe(200);
      expect(page.headers["content-type"], path).toMatch(/^text\/html/);
      expect(page.headers["cache-control"], path).toBe("no-cache");
      expect(page.headers["cache-control"], path).not.toMatch(/immutable|max-age/);
      expect(page.headers.vary, path).toMatch(/accept-encoding/i);
      expect(decoded(page).toString(), path).toContain('<div id="root">');
      const again = await raw(path, {
        "accept-encoding": "br",
        "if-none-match": String(page.headers.etag),
      });
      expect(again.status, path).toBe(304);
    }
  });

  it("public pages are prerendered (no inline script), the other routes get the shell", async () => {
    for (const [path, file, text] of [
      ["/", "pages/index.html", "<h2>Coin Flip</h2>"],
      ["/demo", "pages/demo.html", "Demo"],
      ["/auth/login", "pages/auth/login.html", "Sign in to your account"],
      ["/auth/register", "pages/auth/register.html", "<form"],
    ] as const) {
      const html = await page(path);
      expect(html, path).toBe(readFileSync(`${DIST}${file}`, "utf8"));
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, path).toContain(text);
      // External scripts only (the CSP forbids inline ones), none holding the parser: the page
      // paints without waiting for a script's fetch (a repeat visit's too, from the worker).
      for (const script of html.match(/<script[^>]*>[^<]*<\/script>/g) ?? []) {
        expect(script, path).toMatch(/^<script [^>]*src="\/[^"]+"[^>]*><\/script>$/);
        expect(script, path).toMatch(/ (type="module"|defer|async)[ >=]/);
      }
    }
    // A prerendered form cannot be sent before the script takes it over (the browser would send
    // it itself, by GET: the password in the address).
    for (const path of ["/auth/login", "/auth/register"])
      expect(await page(path), path).toMatch(/<button type="submit" class="button" disabled=""/);
    const shell = readFileSync(`${DIST}shell.html`, "utf8");
    expect(shell).toContain('<div id="root"></div>');
    // index.html stays the shell: the service worker's page for every address offline.
    expect(readFileSync(`${DIST}index.html`, "utf8")).toBe(shell);
    // A sign-in's token is a JWT: dots, and sometimes a last part that looks like an extension.
    for (const path of [
      "/process/abc",
      "/process/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.ehvt790nUML6hGHruGGihOtCygEFDZiVM9yzN1IiLlE",
      "/play/instant/dice/1",
      "/nowhere",
    ])
      expect(await page(path), path).toBe(shell);
  });

  it("a deep link gets its screen's page: the shell with the screen's chunks preloaded", async () => {
    const shell = readFileSync(`${DIST}shell.html`, "utf8");
    for (const [path, file, chunk] of [
      ["/admin/dashboard", "pages/admin/dashboard.html", "admin-"],
      ["/admin/dashboard/ledger", "pages/admin/dashboard/[...].html", "admin-"],
    ] as const) {
      const html = await page(path);
      expect(html, path).toBe(readFileSync(`${DIST}${file}`, "utf8"));
      expect(html, path).toContain('<div id="root"></div>');
      // Nothing else added: no inline script, the same entry.
      const withoutPreloads = (text: string) =>
        text.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(/\s+/g, "");
      expect(withoutPreloads(html), path).toBe(withoutPreloads(shell));
      expect(html, path).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}`),
      );
    }
  });

  it("a shared game's link and a lottery's page paint their frame from the HTML, their chunks preloaded", async () => {
    for (const [path, file, chunk, text] of [
      [
        "/play/instant/coin-flip/AB12CD",
        "pages/play/instant/coin-flip/[id].html",
        "coin-flip-",
        "Loading Game",
      ],
      [
        "/play/instant/lottery/L1",
        "pages/play/instant/lottery/[code].html",
        "lottery-drawing-",
        "",
      ],
    ] as const) {
      const html = await page(path);
      expect(html, path).toBe(readFileSync(`${DIST}${file}`, "utf8"));
      expect(html.slice(html.indexOf('<div id="root">')), path).toMatch(/<main[\s\S]*<h1/);
      expect(html, path).toContain(text);
      expect(html, path).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}`),
      );
    }
  });

  it("a page behind sign-in sends a browser without a session to sign in, before any script", async () => {
    for (const path of [
      "/play/instant/coin-flip/lobby",
      "/play/instant/coin-flip",
      "/play/instant/spin-wheel/AB12CD",
      "/create/private/coin-flip",
      "/dashboard/lottery-tickets",
    ]) {
      const visitor = await raw(path, { cookie: "igp_language=am" });
      expect(visitor.status, path).toBe(302);
      // A game's page is named, so that the player lands there once signed in.
      const next = path.startsWith("/play/") ? `?next=${encodeURIComponent(path)}` : "";
      expect(visitor.headers.location, path).toBe(`/auth/login${next}`);
      expect(visitor.headers["cache-control"], path).toBe("no-store");
      expect((await raw(path, { cookie: SESSION })).status, path).toBe(200);
    }
    // The profile sends a visitor home, as its page did once its scripts had run (player spec).
    const profile = await raw("/dashboard/profile");
    expect([profile.status, profile.headers.location]).toEqual([302, "/"]);
    expect((await raw("/dashboard/profile", { cookie: SESSION })).status).toBe(200);
    // Open to visitors: the lists, a lottery's drawing, the demos.
    for (const path of ["/", "/instant", "/play/instant/lottery", "/play/instant/lottery/L1"])
      expect((await raw(path)).status, path).toBe(200);
  });

  it("the lottery list is rendered for visitors with its public reads only, kept only to be asked again", async () => {
    const answers = await Promise.all([
      raw("/play/instant/lottery", { "accept-encoding": "gzip" }),
      raw("/play/instant/lottery", { "accept-encoding": "gzip", cookie: "igp_device=d1" }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Public reads: the service worker may answer a repeat visit with it (client/src/sw-pages.ts).
      expect(answer.headers["cache-control"]).toBe("no-cache, stale-while-revalidate=600");
      expect(answer.headers.vary).toBe("accept-encoding, cookie");
      expect(answer.headers["set-cookie"]).toBeUndefined();
      const html = decoded(answer).toString();
      const data = JSON.parse(html.match(/id="page-data">([^<]*)</)![1]!) as object;
      expect(Object.keys(data).sort()).toEqual(["/api/auth/providers", "/api/game/lottery/list"]);
    }
    // One render served both (the same bytes).
    expect(decoded(answers[0]!).equals(decoded(answers[1]!))).toBe(true);
  });

  it("a lottery's page is rendered for visitors with its lottery, and without it for one not found", async () => {
    const { code } = await createLottery(server, { title: "Shared Link Lottery" });
    const answer = await raw(`/play/instant/lottery/${code}`, { "accept-encoding": "gzip" });
    expect(answer.headers["cache-control"]).toBe("no-cache, stale-while-revalidate=600");
    expect(answer.headers.link).toBeUndefined();
    const html = decoded(answer).toString();
    expect(html).toContain('<h1 elementtiming="lottery-painted">Shared Link Lottery</h1>');
    const data = JSON.parse(html.match(/id="page-data">([^<]*)</)![1]!) as object;
    // Public reads only: a visitor has no tickets to read.
    expect(Object.keys(data).sort()).toEqual([
      "/api/auth/providers",
      `/api/game/lottery/get/${code}`,
    ]);
    // No such lottery: the build's page, which says so once its scripts have read it.
    const missing = await raw("/play/instant/lottery/NOSUCH1");
    expect(missing.status).toBe(200);
    expect(missing.body.toString()).not.toContain('id="page-data"');
  });

  it("a page names the reads it makes at once in a Link header: the session's user when signed in", async () => {
    const signedIn = { cookie: "igp_session=x; igp_signed_in=1", "accept-encoding": "gzip" };
    expect((await raw("/play/instant/coin-flip/AB12CD")).headers.link).toBeUndefined();
    expect((await raw("/play/instant/coin-flip/AB12CD", signedIn)).headers.link).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin, " +
        "</api/game/coin-flip/get/AB12CD>; rel=preload; as=fetch; crossorigin",
    );
    expect((await raw("/", signedIn)).headers.link).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin",
    );
    expect((await raw("/play/instant/lottery/L1")).headers.link).toBe(
      "</api/game/lottery/get/L1>; rel=preload; as=fetch; crossorigin",
    );
    // Where staff land: its figures with a staff session; not on the back office's other
    // screens, nor for a player's session (whose read would earn a 403 logged by the browser).
    const staff = { ...signedIn, cookie: "igp_session=x; igp_signed_in=staff" };
    expect((await raw("/admin/dashboard", staff)).headers.link).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin, " +
        "</api/admin/dashboard/stats>; rel=preload; as=fetch; crossorigin",
    );
    expect((await raw("/admin/dashboard", signedIn)).headers.link).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin",
    );
    expect((await raw("/admin/dashboard")).headers.link).toBeUndefined();
    expect((await raw("/admin/dashboard/players", signedIn)).headers.link).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin",
    );
  });

  it("a page's own chunks are preloaded with it, each an existing file", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
        (match) => match[1]!,
      );
    const shell = preloads(readFileSync(`${DIST}shell.html`, "utf8"));
    const login = preloads(await page("/auth/login"));
    const lobby = await page("/play/instant/coin-flip/lobby");
    expect(lobby).toBe(readFileSync(`${DIST}pages/play/instant/coin-flip/lobby.html`, "utf8"));
    // Its frame prerendered (shown while the session is checked), its list asked for by the HTML.
    expect(lobby).toMatch(/<div id="root">.*<h1>Coin Flip lobby<\/h1>/s);
    expect(lobby).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/instant/game/coin-flip/lobby">',
    );
    expect(login.some((file) => /login-page-/.test(file))).toBe(true);
    // The lobby's own small chunk; the game's canvas and the realtime SDK come after its list.
    expect(preloads(lobby).some((file) => /lobby-screen-/.test(file))).toBe(true);
    expect(preloads(lobby).some((file) => /coin-flip-|coin-canvas-/.test(file))).toBe(false);
    // PixiJS (its chunks are lib-, GraphicsContext-, …) loads only when a result is drawn.
    expect(
      preloads(lobby).some((file) =>
        /\/(lib|GraphicsContext|ParticleBuffer|wheel-canvas)-/.test(file),
      ),
    ).toBe(false);
    for (const file of [...shell, ...login, ...preloads(lobby)]) {
      const answer = await raw(`/${file}`, { "accept-encoding": "br" });
      expect(answer.status, file).toBe(200);
      expect(answer.headers["cache-control"], file).toContain("immutable");
    }
  });
});

describe("what does not exist", () => {
  it("a missing asset is a 404, not the app shell", async () => {
    for (const path of [
      "/assets/missing-abc123.js",
      "/assets/missing",
      "/assets/",
      "/favicon-nope.png",
      "/sounds/nope.wav",
    ]) {
      const answer = await raw(path, { "accept-encoding": "br, gzip" });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
      expect(answer.body.toString(), path).not.toContain('<div id="root">');
    }
  });
});

describe("API answers", () => {
  it("are compressed above a small size, and left as they are below it", async () => {
    const large = await raw("/api/docs/json", { "accept-encoding": "br, gzip" });
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(large).toString()).openapi).toMatch(/^3\./);
    const gzip = await raw("/api/docs/json", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip).equals(decoded(large))).toBe(true);
    const small = await raw("/api/auth/providers", { "accept-encoding": "br, gzip" });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toHaveProperty("currency");
  });
});

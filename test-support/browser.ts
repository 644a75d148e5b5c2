import { execSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SIGNED_IN_COOKIE } from "@igp/shared/page-reads";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { signInSuperAdmin, startTestServer } from "./http.ts";
import { form, pngImage } from "./images.ts";
import { watchPages } from "./page-problems.ts";
import { sleep } from "./server-process.ts";
import { signedInHint } from "./signed-in-cookie.ts";

/** Debian's Chromium (CI installs the package; a machine without it skips browser tests). */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

/**
 * Chromium, every page of which is watched: an uncaught page error, a console error or a CSP
 * violation on any page is a problem the running test fails on (see page-problems.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  watchPages(browser);
  return browser;
}

/** Builds the client once if it is not built yet (npm test builds it before running). */
const CLIENT = fileURLToPath(new URL("../client", import.meta.url));

export function ensureClientBuilt() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  // The pages, and the renderer of the pages the server renders for a session.
  if (existsSync(`${CLIENT}/dist/index.html`) && existsSync(`${CLIENT}/.prerender/prerender.js`))
    return;
  // Vitest's own variables (NODE_ENV=test, MODE, VITEST…) would make Vite build for tests.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST$|MODE$)/.test(key)),
  );
  execSync("npm run -s build", {
    cwd: root,
    stdio: "pipe",
    env: { ...env, NODE_ENV: "production" },
  });
}

/**
 * A copy of the built client in a temporary folder, for a test that changes the build on disk:
 * `dist` (what the server serves: its `clientDirectory`) and `.prerender` beside it, the renderer
 * of the pages rendered for a session (game-server's page-render.ts). `remove` deletes it.
 */
export async function copyOfBuild(prefix: string) {
  ensureClientBuilt();
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  const dist = path.join(folder, "dist");
  await cp(path.join(CLIENT, "dist"), dist, { recursive: true });
  await cp(path.join(CLIENT, ".prerender"), path.join(folder, ".prerender"), { recursive: true });
  return { dist, remove: () => rm(folder, { recursive: true, force: true }) };
}

export const SCREENSHOTS = fileURLToPath(new URL("../test-results/screenshots", import.meta.url));

/**
 * What every browser journey starts from: the built client served by a fresh platform that has
 * one deposit bank (CBE), the superAdmin's token, Chromium, a screenshot helper, and a page of
 * its own signed in as a player.
 */
export async function startBrowserJourney(screenshotPrefix = "", env: NodeJS.ProcessEnv = {}) {
  ensureClientBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const server = await startTestServer({ env });
  const root = (await signInSuperAdmin(server)).token;
  const bank = form(
    { bankName: "CBE", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  await server.call("POST", "/api/banks/create", { token: root, body: bank });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    root,
    shoot: (page: Page, name: string) =>
      page.screenshot({
        path: `${SCREENSHOTS}/${screenshotPrefix}${name}-${page.viewportSize()!.width}.png`,
        fullPage: true,
      }),
    /**
     * A page in a context of its own (`options`: viewport, touch, reduced motion), signed in with
     * `token` as by /process/{token}, opened at `/`.
     */
    async signedInPage(token: string, options: BrowserContextOptions = {}) {
      const context = await browser.newContext(options);
      await signInContext(context, token);
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      return page;
    },
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * Signs in through the sign-in page as a person would, once the page works (its button is
 * enabled when the script has taken the prerendered form over), and waits for `landing`. If the
 * page never gets there, the error says where it is and what it shows.
 */
export async function signInThroughForm(
  page: Page,
  url: string,
  login: string,
  password: string,
  landing = "**/admin/dashboard",
) {
  await page.goto(`${url}/auth/login`);
  await signInOnThisPage(page, login, password, landing);
}

/**
 * The same, on the sign-in page the browser is already at (where a game's page sent it).
 * `notice: "leaves"`: the landing opens a dialog of its own over the sign-in's notice (a game's
 * 'Join this game?'), so the notice is not closed by hand but left to close by itself.
 */
export async function signInOnThisPage(
  page: Page,
  login: string,
  password: string,
  landing: string,
  notice: "closed" | "leaves" = "closed",
) {
  const submit = page.getByRole("button", { name: "Sign in" });
  await page.getByRole("button", { name: "Sign in", disabled: false }).waitFor();
  await page.getByLabel("Phone or email").fill(login);
  await page.getByLabel("Password").fill(password);
  await submit.click();
  try {
    await page.waitForURL(landing, { timeout: 20_000 });
  } catch (error) {
    const shown = await page
      .locator("body")
      .textContent()
      .catch(() => "");
    throw new Error(`Signed in as ${login} but still at ${page.url()}, showing: ${shown}`, {
      cause: error,
    });
  }
  // The sign-in's notice is modal: a person closes it before using the page (typing behind it
  // reaches a field a person cannot reach, and is lost).
  const loggedIn = page.getByRole("alertdialog").filter({ hasText: "Logged in successfully!" });
  if (notice === "closed") await loggedIn.getByRole("button", { name: "OK" }).click();
  await loggedIn.waitFor({ state: "hidden" });
}

/**
 * Signed in as a sign-in leaves a browser: the session's cookies (httpOnly token, and the hint
 * the app reads) for the test servers' host (cookies are not told apart by port), and any `more`
 * of the site's local storage (such as `language`) stored before any script of the site runs.
 * Not on about:blank, where every context starts: its storage may not be read (an uncaught page
 * error).
 */
export async function signInContext(
  context: BrowserContext,
  token: string,
  more: Record<string, string> = {},
) {
  const cookie = { domain: "127.0.0.1", path: "/", sameSite: "Lax" as const };
  await context.addCookies([
    { ...cookie, name: "igp_session", value: token, httpOnly: true },
    { ...cookie, name: SIGNED_IN_COOKIE, value: signedInHint(token) },
  ]);
  if (Object.keys(more).length === 0) return;
  const values = JSON.stringify(more);
  await context.addInitScript({
    content: `if (location.protocol.startsWith("http"))
      for (const [key, value] of Object.entries(${values})) localStorage.setItem(key, value);`,
  });
}

/**
 * Clicks a button once React has attached its click handler. A page rendered by the server shows
 * its buttons before its scripts have hydrated it (past `load`: the screen's chunk comes after
 * the entry), and a click then does nothing, as a tap on a phone would not.
 */
export async function clickWhenHydrated(button: Locator, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const hydrated = () =>
    button.evaluate((element) =>
      Object.entries(element as object as Record<string, { onClick?: unknown } | undefined>).some(
        ([key, props]) => key.startsWith("__reactProps$") && Boolean(props?.onClick),
      ),
    );
  while (!(await hydrated())) {
    if (Date.now() > deadline)
      throw new Error(`no click handler on ${button} within ${timeoutMs} ms`);
    await sleep(50);
  }
  await button.click();
}

/** Holds the site's scripts back, as on a slow network, until the returned release is called. */
export function holdScripts(page: Page): Promise<() => void> {
  return holdRequests(page, "**/assets/*.js");
}

/** Holds the page's requests for `url` (a glob) back until the returned release is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

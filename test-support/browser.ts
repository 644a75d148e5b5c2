import { execSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { signInSuperAdmin, startTestServer } from "./http.ts";
import { form, pngImage } from "./images.ts";

/** Debian's Chromium (CI installs the package; a machine without it skips browser tests). */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}

/** Builds the client once if it is not built yet (npm test builds it before running). */
export function ensureClientBuilt() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  if (existsSync(`${root}/client/dist/index.html`)) return;
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

export const SCREENSHOTS = fileURLToPath(new URL("../test-results/screenshots", import.meta.url));

/**
 * What every browser journey starts from: the built client served by a fresh platform that has
 * one deposit bank (CBE), the superAdmin's token, Chromium, and a screenshot helper.
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
  const cspViolations = watchContentSecurityPolicy(browser);
  return {
    server,
    browser,
    root,
    /** Every CSP violation the journey's pages met so far (a spec expects none after each test). */
    cspViolations,
    shoot: (page: Page, name: string) =>
      page.screenshot({
        path: `${SCREENSHOTS}/${screenshotPrefix}${name}-${page.viewportSize()!.width}.png`,
        fullPage: true,
      }),
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * Collects every Content-Security-Policy violation of every page the browser opens: the DOM's
 * `securitypolicyviolation` events (any frame) and Chromium's "Refused to ..." console errors.
 * It wraps newContext and newPage so that the journeys' own calls are watched too.
 */
function watchContentSecurityPolicy(browser: Browser): string[] {
  const violations: string[] = [];
  const watch = async (context: BrowserContext) => {
    await context.exposeBinding("__reportCspViolation", ({ page }, text: string) => {
      violations.push(`${page.url()}: ${text}`);
    });
    await context.addInitScript({
      content: `document.addEventListener("securitypolicyviolation", (event) =>
        window.__reportCspViolation(event.effectiveDirective + " blocked " + (event.blockedURI || "inline")));`,
    });
    context.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
        violations.push(`console: ${message.text()}`);
      }
    });
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watch(context);
    return context;
  };
  // Playwright's own newPage opens a context the wrapper cannot see: open it through newContext.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on("close", () => void context.close());
    return page;
  };
  return violations;
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
}

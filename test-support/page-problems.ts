import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";

/*
 * What a player would see go wrong on a page, collected from every page of every browser the
 * tests launch: uncaught errors (and unhandled rejections), console errors, and Content Security
 * Policy violations (the DOM's `securitypolicyviolation` events, in any frame). The setup file
 * page-problems.setup.ts fails the running test on any that it did not declare with
 * `expectPageProblems`, so no journey can pass over a broken screen.
 */

const problems: string[] = [];

/** Takes (and forgets) every problem collected since the last call. */
export function takePageProblems(): string[] {
  return problems.splice(0);
}

/**
 * Takes the collected problems that match `pattern`, for a test that provokes them on purpose
 * (and asserts that they happened); the others stay and fail the test.
 */
export function expectPageProblems(pattern: RegExp): string[] {
  const matching = problems.filter((problem) => pattern.test(problem));
  const others = problems.filter((problem) => !pattern.test(problem));
  problems.splice(0, problems.length, ...others);
  return matching;
}

/** Watches every context and page `browser` opens, including those of `browser.newPage`. */
export function watchPages(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  // Playwright's own newPage opens a context the wrapper cannot see: open it through newContext.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // Closed with its browser (afterAll), the context is gone already: nothing to close.
    page.on("close", () => void context.close().catch(() => {}));
    return page;
  };
}

async function watchContext(context: BrowserContext) {
  await context.exposeBinding("__reportCspViolation", ({ page }, text: string) => {
    problems.push(`${page.url()}: CSP ${text}`);
  });
  await context.addInitScript({
    content: `document.addEventListener("securitypolicyviolation", (event) =>
      window.__reportCspViolation(event.effectiveDirective + " blocked " + (event.blockedURI || "inline")));`,
  });
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(consoleError(message));
  });
  context.on("weberror", (error) => {
    problems.push(`${pageUrl(error.page())}: uncaught ${describeError(error.error())}`);
  });
}

function consoleError(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  const where = url ? ` (${url}:${lineNumber})` : "";
  return `${pageUrl(message.page())}: console error: ${message.text()}${where}`;
}

function pageUrl(page: Page | null): string {
  return page?.url() ?? "(no page)";
}

function describeError(error: Error): string {
  return error.stack?.split("\n").slice(0, 3).join(" | ") ?? `${error.name}: ${error.message}`;
}

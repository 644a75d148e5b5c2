import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";

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

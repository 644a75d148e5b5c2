import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { TEST_BOT_NAME, TEST_BOT_TOKEN } from "@igp/test-support/telegram.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run telegram:setup` against a fake Bot API: it checks the token is the configured bot's
 * and sets the menu button to open the Mini App; a token of another bot changes nothing.
 */
const calls: { method: string; body: unknown }[] = [];
let botApi: Server;
let apiUrl: string;
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

beforeAll(async () => {
  botApi = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const [, token, method] = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? "") ?? [];
      calls.push({ method: method ?? "", body: JSON.parse(body || "{}") });
      const known = token === TEST_BOT_TOKEN;
      const result =
        method === "getMe"
          ? { id: 7000000001, is_bot: true, first_name: "Instant Games", username: TEST_BOT_NAME }
          : true;
      response.writeHead(known ? 200 : 401, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          known
            ? { ok: true, result }
            : { ok: false, error_code: 401, description: "Unauthorized" },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => botApi.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(botApi.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => botApi.close(resolve)));

const setup = (env: Record<string, string>) =>
  promisify(execFile)("node", ["--import", "tsx", "game-server/src/cli/telegram-setup.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, TELEGRAM_BOT_API_URL: apiUrl, DATA_DIR: "/nonexistent", ...env },
  }).then(
    (done) => ({ code: 0, out: done.stdout, err: done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => ({
      code: failed.code,
      out: failed.stdout,
      err: failed.stderr,
    }),
  );

describe("npm run telegram:setup", () => {
  it("sets the menu button to open the Mini App", async () => {
    const done = await setup({
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
      TELEGRAM_MINI_APP_URL: "https://games.example.com/",
    });
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain('menu button "Play" now opens https://games.example.com/');
    expect(calls.map((call) => call.method)).toEqual(["getMe", "setChatMenuButton"]);
    expect(calls[1]!.body).toEqual({
      menu_button: {
        type: "web_app",
        text: "Play",
        web_app: { url: "https://games.example.com/" },
      },
    });
  });

  it("refuses a token Telegram does not know, and says what is missing", async () => {
    calls.length = 0;
    const refused = await setup({
      TELEGRAM_BOT_TOKEN: "7000000009:AAHunknownTOKENunknownTOKENxx_99",
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
      TELEGRAM_MINI_APP_URL: "https://games.example.com/",
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("The Bot API refused the token: Unauthorized");
    expect(calls.map((call) => call.method)).toEqual(["getMe"]);
    const missing = await setup({
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
    });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("TELEGRAM_MINI_APP_URL");
  });
});

import {
  signInSuperAdmin,
  signUpAgent,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { MATRIX } from "@igp/test-support/route-access.ts";
import { stateFingerprint } from "@igp/test-support/state-fingerprint.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The security probe's cases (issue items 3 and 9): a NUL or another control character in any
 * text, a truncated or otherwise broken form, broken JSON or URL: each a 400 (413, 415) with a
 * clear message that changes nothing. And a search for `%` or `_` finds those characters, not
 * every row.
 */
let server: TestServer;
let tokens: Record<"user" | "admin" | "superAdmin", string>;
const logLines: { msg: string; statusCode?: number; reason?: string }[] = [];
beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: "warn" },
    log: (line) => logLines.push(JSON.parse(line)),
  });
  const root = await signInSuperAdmin(server);
  const player = await signUpPlayer(server);
  const agent = await signUpAgent(server, root.token);
  tokens = { user: player.token, admin: agent.token, superAdmin: root.token };
});
afterAll(() => server.stop());

type Call = Parameters<TestServer["call"]>;

/**
 * Calls, then expects the status and message, a "request refused" log line saying so, and that
 * nothing stored changed.
 */
async function expectRefused(call: Call, status: number, message: string | RegExp) {
  const before = await stateFingerprint(server);
  const logged = logLines.length;
  const response = await server.call(...call);
  expect({ status: response.status, route: `${call[0]} ${call[1]}` }).toEqual({
    status,
    route: `${call[0]} ${call[1]}`,
  });
  expect(response.body.message).toMatch(message);
  expect(logLines.slice(logged)).toContainEqual(
    expect.objectContaining({
      msg: "request refused",
      statusCode: status,
      reason: response.body.message,
    }),
  );
  expect(await stateFingerprint(server)).toEqual(before);
}

async function openApiRoutes() {
  const doc = await server.call("GET", "/api/docs/json");
  return Object.entries(doc.body.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
  );
}

/** A token of a role allowed on the route (the superAdmin where several are). */
function tokenFor(method: string, path: string) {
  const access = MATRIX[`${method} ${path}`];
  if (access === "public") return undefined;
  if (access === "signedIn") return tokens.user;
  // Every route an auditor reads lets the superAdmin in too.
  return tokens[
    access!.includes("superAdmin") ? "superAdmin" : (access![0] as keyof typeof tokens)
  ];
}

const NOT_ALLOWED = /contains characters that are not allowed\.$/;

describe("a NUL in text", () => {
  it("signing in with a NUL phone and password is a 400, not a 500", async () => {
    await expectRefused(
      ["POST", "/api/auth/user/login", { body: { phone: "\u0000", password: "\u0000" } }],
      400,
      "Phone or Email contains characters that are not allowed.",
    );
  });

  it("?search=%00 is a 400 on every list that takes a search", async () => {
    const lists = (await openApiRoutes()).filter(
      ({ method, operation }) =>
        method === "GET" &&
        operation.parameters?.some((p: { name: string }) => p.name === "search"),
    );
    expect(lists.length).toBeGreaterThanOrEqual(7);
    for (const { method, path } of lists) {
      await expectRefused(
        [method, `${path}?search=%00`, { token: tokenFor(method, path) }],
        400,
        "Search contains characters that are not allowed.",
      );
    }
  });

  it("every text field of a JSON body refuses control characters, naming the field", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "/api/auth/user/register",
        {
          phone: "0911000001",
          fullName: "Abe\u0000be",
          password: "secret12",
          confirmPassword: "secret12",
          ageConfirmed: true,
          termsAccepted: true,
        },
        "Full name",
      ],
      [
        "/api/auth/user/register",
        {
          phone: "0911000001\u0007",
          fullName: "Abebe",
          password: "secret12",
          confirmPassword: "secret12",
          ageConfirmed: true,
          termsAccepted: true,
        },
        "Phone or Email",
      ],
      [
        "/api/wallet/withdraw/request",
        { amount: 10, method: "ag\u0000ent", accountNumber: "1" },
        "Method",
      ],
      [
        "/api/wallet/withdraw/request",
        { amount: 10, method: "agent", accountNumber: "1\u001b" },
        "Account number",
      ],
      ["/api/user/update/profile", { username: "abebe\u007f" }, "Username"],
      [
        "/api/user/update/password",
        { currentPassword: "secret12", newPassword: "new\u0000pass1" },
        "New password",
      ],
      ["/api/auth/user/reset/password", { email: "a\u0000@example.com" }, "Email"],
      [
        "/api/admin/accounts/create",
        { fullName: "Agent\u0000X", email: "x@example.com", password: "agent-pass-1" },
        "Full name",
      ],
      [
        "/api/admin/accounts/create",
        { fullName: "Agent X", email: "x@example.com", password: "agent\u0000pass" },
        "Password",
      ],
      ["/api/game/coin-flip/join", { code: "ABCD\u0000EFG", clientSeed: "seed" }, "Game code"],
      [
        "/api/game/private/create",
        { gameType: "coin-flip", betAmount: 10, selectedSide: "H", clientSeed: "\ud800" },
        "Client seed",
      ],
      [
        "/api/auth/telegram",
        { id: 1, auth_date: 1, hash: "a", first_name: "\u0000" },
        "First name",
      ],
    ];
    for (const [path, body, field] of cases) {
      await expectRefused(
        ["POST", path, { token: tokenFor("POST", path), body }],
        400,
        `${field} contains characters that are not allowed.`,
      );
    }
  });

  it("a form field with a NUL is a 400 naming the field", async () => {
    const form = new FormData();
    form.set("method", "Agent\u0000Deposit");
    form.set("amount", "100");
    await expectRefused(
      ["POST", "/api/wallet/deposit/request", { token: tokens.user, body: form }],
      400,
      "Method contains characters that are not allowed.",
    );
  });

  it("a NUL in a path parameter or a page number is a 400", async () => {
    await expectRefused(["GET", "/api/game/coin-flip/get/%00", {}], 400, NOT_ALLOWED);
    await expectRefused(
      ["POST", "/api/admin/users/status/%00", { token: tokens.superAdmin }],
      400,
      NOT_ALLOWED,
    );
    await expectRefused(
      ["GET", "/api/banks/active?page=%00", {}],
      400,
      "Page must be a whole number from 1.",
    );
  });
});

describe("broken bodies", () => {
  const boundary = "----probe";
  const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const truncated = `${part("method", "Agent Deposit")}--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n10`;

  it("a truncated form is a 400 on every POST route", async () => {
    const posts = (await openApiRoutes()).filter(({ method }) => method === "POST");
    for (const { path } of posts) {
      await expectRefused(
        [
          "POST",
          path.replace("{id}", crypto.randomUUID()),
          { token: tokenFor("POST", path), body: truncated, headers: multipart },
        ],
        400,
        "The form data is incomplete or malformed.",
      );
    }
  });

  it("a form with a wrong or missing boundary is a 400", async () => {
    const call = (contentType: string): Call => [
      "POST",
      "/api/wallet/deposit/request",
      {
        token: tokens.user,
        body: `${part("amount", "100")}--${boundary}--\r\n`,
        headers: { "content-type": contentType },
      },
    ];
    await expectRefused(call("multipart/form-data; boundary=other"), 400, /form data/);
    await expectRefused(call("multipart/form-data"), 400, /form data/);
  });

  it("too many fields or files, a field named __proto__, an oversized file: clear 400 and 413", async () => {
    const deposit = (body: string | Uint8Array): Call => [
      "POST",
      "/api/wallet/deposit/request",
      { token: tokens.user, body, headers: multipart },
    ];
    const end = `--${boundary}--\r\n`;
    const fields = Array.from({ length: 25 }, (_, i) => part(`f${i}`, "v")).join("");
    await expectRefused(deposit(fields + end), 400, "The form has too many fields.");
    const file = (name: string, size: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"a".repeat(size)}\r\n`;
    await expectRefused(deposit(file("a", 3) + file("b", 3) + end), 400, "Send at most one file.");
    await expectRefused(
      deposit(part("__proto__", "x") + end),
      400,
      "The form has a field name that is not allowed.",
    );
    await expectRefused(
      deposit(file("screenshot", 5 * 1024 * 1024 + 1) + end),
      413,
      "The file is larger than 5 MB.",
    );
  });

  it("broken JSON, JSON in invalid UTF-8, plain text and unknown types: 400 and 415", async () => {
    const login = (body: string | Uint8Array, type = "application/json"): Call => [
      "POST",
      "/api/auth/user/login",
      { body, headers: { "content-type": type } },
    ];
    await expectRefused(login('{"phone":'), 400, "The request body is not valid JSON.");
    await expectRefused(
      login('{"__proto__":{"admin":true},"phone":"a","password":"b"}'),
      400,
      "The request body is not valid JSON.",
    );
    const invalidUtf8 = new Uint8Array([
      ...Buffer.from('{"phone":"'),
      0xff,
      0xfe,
      ...Buffer.from('","password":"x"}'),
    ]);
    await expectRefused(login(invalidUtf8), 400, "The request body is not valid UTF-8.");
    await expectRefused(login("phone=a", "text/plain"), 415, /JSON or multipart/);
    await expectRefused(login("<a/>", "application/xml"), 415, /JSON or multipart/);
  });

  it("a malformed percent escape in the address is a 400 with a message", async () => {
    await expectRefused(
      ["GET", "/api/game/coin-flip/get/%FF", {}],
      400,
      "The address is not valid.",
    );
  });
});

describe("search", () => {
  it("a search for % or _ matches only names holding that character", async () => {
    const root = tokens.superAdmin;
    for (const name of ["Percent 100% Kebede", "Under_Score Tola", "Plain Name Girma"]) {
      await signUpPlayer(server, name);
      await signUpAgent(server, root, name);
    }
    for (const list of ["/api/admin/players", "/api/admin/accounts"]) {
      const key = list.endsWith("players") ? "players" : "admins";
      const names = async (search: string) =>
        (
          await server.call("GET", `${list}?search=${encodeURIComponent(search)}`, { token: root })
        ).body[key].map((row: { fullName: string }) => row.fullName);
      expect(await names("%")).toEqual(["Percent 100% Kebede"]);
      expect(await names("_")).toEqual(["Under_Score Tola"]);
      expect(await names("0%")).toEqual(["Percent 100% Kebede"]);
      expect(await names("Girma")).toEqual(["Plain Name Girma"]);
    }
  });
});

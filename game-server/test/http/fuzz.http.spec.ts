import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "../../../test-support/http.ts";
import { MATRIX } from "../../../test-support/route-access.ts";

/**
 * Every route, sent malformed input by a caller allowed to use it: bodies of the wrong shape and
 * type, huge values, missing fields, SQL and HTML in strings, garbage in path and query. The
 * answer is always JSON `{ message }` with a 4xx (never a 5xx), and a refused request changes
 * nothing stored.
 */
const nasty = fc.constantFrom(
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "%00",
  "\u0000",
  "../../etc/passwd",
  "9".repeat(400),
  "-1",
  "1e309",
  "NaN",
  "{{7*7}}",
);
const badValue = fc.oneof(
  nasty,
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(-1),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything(), { maxKeys: 3 }),
);

let server: TestServer;
let tokens: Record<"user" | "admin" | "superAdmin", string>;
beforeAll(async () => {
  server = await startTestServer();
  const root = await signInSuperAdmin(server);
  const player = await signUpPlayer(server);
  const email = `fuzz-agent-${randomUUID().slice(0, 6)}@example.com`;
  await server.call("POST", "/api/admin/accounts/create", {
    token: root.token,
    body: { fullName: "Fuzz Agent", email, password: "agent-pass-1" },
  });
  const agent = await server.call("POST", "/api/auth/user/login", {
    body: { phone: email, password: "agent-pass-1" },
  });
  tokens = { user: player.token, admin: agent.body.token, superAdmin: root.token };
});
afterAll(() => server.stop());

/** What a refused request must not have changed. */
async function stateFingerprint() {
  const { rows } = await server.platform.database.pool.query(`SELECT
    (SELECT count(*) FROM ledger_events) AS events, (SELECT count(*) FROM users) AS users,
    (SELECT count(*) FROM banks) AS banks, (SELECT count(*) FROM social_links) AS socials,
    (SELECT count(*) FROM password_reset_requests) AS resets,
    (SELECT max(updated_at) FROM settings) AS settings,
    (SELECT string_agg(id::text || status, ',' ORDER BY id) FROM users) AS statuses,
    (SELECT string_agg(coalesce(password_hash, ''), ',' ORDER BY id) FROM users) AS passwords`);
  return rows[0];
}

it("answers malformed input on every route with a 4xx message and changes nothing", async () => {
  const doc = await server.call("GET", "/api/docs/json");
  const routes = Object.entries(
    doc.body.paths as Record<string, Record<string, { requestBody?: any }>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
  const failures: string[] = [];
  for (const { method, path, operation } of routes) {
    const access = MATRIX[`${method} ${path}`];
    const role = access === "public" ? undefined : access === "signedIn" ? "user" : access?.[0];
    const token = role ? tokens[role] : undefined;
    const fields = Object.keys(
      operation.requestBody?.content?.["application/json"]?.schema?.properties ??
        operation.requestBody?.content?.["multipart/form-data"]?.schema?.properties ??
        {},
    );
    const body = fc.oneof(
      fc.record(Object.fromEntries(fields.map((field) => [field, badValue])), { requiredKeys: [] }),
      fc.anything(),
      nasty,
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.oneof(fc.uuid(), nasty, fc.string({ minLength: 1, maxLength: 20 })),
        nasty,
        async (payload, id, query) => {
          const before = await stateFingerprint();
          const url = `${path.replace("{id}", encodeURIComponent(id))}?page=${encodeURIComponent(query)}&search=${encodeURIComponent(query)}`;
          const sendsBody = method !== "GET" && method !== "DELETE";
          const response = await server.call(method, url, {
            token,
            body: sendsBody ? JSON.stringify(payload ?? null) : undefined,
            headers: sendsBody ? { "content-type": "application/json" } : {},
          });
          if (response.status >= 500)
            failures.push(
              `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}: ${response.status}`,
            );
          if (response.status >= 400) {
            expect(typeof response.body?.message, `${method} ${path}`).toBe("string");
            expect(await stateFingerprint(), `${method} ${path} changed state`).toEqual(before);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
    );
  }
  expect(failures).toEqual([]);
}, 300_000);

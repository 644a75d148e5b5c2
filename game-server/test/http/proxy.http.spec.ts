import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 15, behind a proxy: X-Forwarded-For names the client only when TRUST_PROXY says so, and
 * sign-in and registration limits count per address and the phone or e-mail tried, so players
 * sharing one carrier-NAT address do not lock each other out.
 */
const attempt = (server: TestServer, phone: string, forwardedFor?: string) =>
  server.call("POST", "/api/auth/user/login", {
    body: { phone, password: "wrong-password" },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

const statuses = async (times: number, call: () => Promise<{ status: number }>) => {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await call()).status);
  return seen;
};

describe("without TRUST_PROXY", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: { login: 2, register: 2 } });
  });
  afterAll(() => server.stop());

  it("a forged X-Forwarded-For does not buy fresh attempts", async () => {
    const forged = [1, 2, 3].map((n) => () => attempt(server, "0911000001", `10.0.0.${n}`));
    const seen: number[] = [];
    for (const call of forged) seen.push((await call()).status);
    expect(seen).toEqual([401, 401, 429]);
  });

  it("another account from the same address is not locked out", async () => {
    expect(await statuses(3, () => attempt(server, "0911000002"))).toEqual([401, 401, 429]);
    expect((await attempt(server, "0911000003")).status).toBe(401);
  });

  it("registrations count per phone from one address", async () => {
    const register = (phone: string) =>
      server.call("POST", "/api/auth/user/register", {
        body: {
          phone,
          fullName: "Sara Desta",
          password: "secret12",
          confirmPassword: "x",
          ageConfirmed: true,
          termsAccepted: true,
        },
      });
    expect(await statuses(3, () => register("0911000004"))).toEqual([400, 400, 429]);
    expect((await register("0911000005")).status).toBe(400);
  });
});

describe("with TRUST_PROXY", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      rateLimits: { login: 2 },
      env: { TRUST_PROXY: "127.0.0.1" },
    });
  });
  afterAll(() => server.stop());

  it("the forwarded address is the client: each address has its own count", async () => {
    expect(await statuses(3, () => attempt(server, "0911000006", "196.188.0.1"))).toEqual([
      401, 401, 429,
    ]);
    expect((await attempt(server, "0911000006", "196.188.0.2")).status).toBe(401);
  });
});

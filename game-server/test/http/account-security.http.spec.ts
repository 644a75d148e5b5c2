import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// The per-address limits are relaxed in this server: every 429 here is the per-account throttle.
const login = (phone: string, password: string) =>
  server.call("POST", "/api/auth/user/login", { body: { phone, password } });
/** Ends the current lock at once, as if its delay had passed. */
const waitOutLock = () =>
  server.platform.database.pool.query(
    "UPDATE sign_in_failures SET locked_until = now() - interval '1 second'",
  );

describe("per-account sign-in throttling", () => {
  it("answers 429 with Retry-After after 5 wrong passwords, then tells the owner once", async () => {
    const player = await signUpPlayer(server);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(player.phone, `wrong-${i}1`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);

    const refused = await login(player.phone, player.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: "Too many failed sign-in attempts. Please wait 1 minute and try again.",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(30);

    await waitOutLock();
    // Each failure after the fifth doubles the lock: 30 s, then 60 s.
    expect((await login(player.phone, "still-wrong1")).status).toBe(401);
    expect(Number((await login(player.phone, player.password)).headers.get("retry-after"))).toBe(
      60,
    );

    await waitOutLock();
    const good = await login(player.phone, player.password);
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      failedSignInAttempts: 6,
      notice: "6 failed sign-in attempts since your last sign-in.",
    });
    expect((await login(player.phone, player.password)).body.notice).toBeUndefined();
  });

  it("throttles a login that matches no account the same way", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login("0944000111", "guess1234")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("answers an unknown login and a wrong password alike, attempt by attempt", async () => {
    const player = await signUpPlayer(server);
    const seen = async (phone: string) => {
      const answers: unknown[] = [];
      for (let i = 0; i < 8; i++) {
        const { status, body, headers } = await login(phone, `wrong-${i}1`);
        answers.push({ status, body, retryAfter: headers.get("retry-after") });
      }
      return answers;
    };
    const known = await seen(player.phone);
    const unknown = await seen("0944000222");
    expect(unknown).toEqual(known);
    expect(known.slice(4, 6)).toEqual([
      { status: 401, body: { message: "Invalid phone/email or password." }, retryAfter: null },
      {
        status: 429,
        body: { message: "Too many failed sign-in attempts. Please wait 1 minute and try again." },
        retryAfter: "30",
      },
    ]);
  });

  it("counts the login as typed in any of its forms under one key", async () => {
    const player = await signUpPlayer(server);
    const international = `+251${player.phone.slice(1)}`;
    for (let i = 0; i < 5; i++) await login(i % 2 ? player.phone : international, "wrong-one1");
    expect((await login(international, player.password)).status).toBe(429);
    expect((await login(player.phone, player.password)).status).toBe(429);
  });
});

describe("a ceiling on registrations per address", () => {
  let phones = 0;
  const registerOn = (target: TestServer, address: string) =>
    target.call("POST", "/api/auth/user/register", {
      headers: { "x-forwarded-for": address },
      body: {
        phone: `0977${String(phones++).padStart(6, "0")}`,
        fullName: "Hana Girma",
        password: "secret12",
        confirmPassword: "secret12",
        ageConfirmed: true,
        termsAccepted: true,
      },
    });
  const accounts = async (target: TestServer) =>
    (await target.platform.database.pool.query("SELECT count(*)::int AS n FROM users")).rows[0]
      .n as number;
  const CEILING = {
    status: 429,
    body: {
      message: "Too many accounts have been created from this network. Please try again later.",
    },
  };

  it("refuses new phones from one address past the minute's ceiling, and creates nothing", async () => {
    const limited = await startTestServer({
      env: { TRUST_PROXY: "true" },
      rateLimits: { registerPerAddress: 3, registerPerAddressDaily: 1000 },
    });
    try {
      for (let i = 0; i < 3; i++)
        expect((await registerOn(limited, "203.0.113.7")).status).toBe(201);
      const before = await accounts(limited);
      const refused = await registerOn(limited, "203.0.113.7");
      expect(refused).toMatchObject(CEILING);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await accounts(limited)).toBe(before);
      // Another address is not held back by this one.
      expect((await registerOn(limited, "203.0.113.8")).status).toBe(201);
    } finally {
      await limited.stop();
    }
  });

  it("holds an address to the day's ceiling, waiting out the day", async () => {
    const limited = await startTestServer({
      env: { TRUST_PROXY: "true" },
      rateLimits: { registerPerAddress: 1000, registerPerAddressDaily: 2 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) statuses.push((await registerOn(limited, "198.51.100.9")).status);
      const refused = await registerOn(limited, "198.51.100.9");
      expect(statuses).toEqual([201, 201]);
      expect(refused).toMatchObject(CEILING);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    } finally {
      await limited.stop();
    }
  });
});

describe("one password policy", () => {
  it("counts the length without surrounding spaces, on every path", async () => {
    const player = await signUpPlayer(server);
    const admin = await signInSuperAdmin(server);
    expect(
      (
        await server.call("POST", "/api/auth/user/register", {
          body: {
            phone: "0955000111",
            fullName: "Sara Tesfaye",
            password: "   a1b2   ",
            confirmPassword: "   a1b2   ",
            ageConfirmed: true,
            termsAccepted: true,
          },
        })
      ).body,
    ).toEqual({ message: "Password must be at least 6 characters.", field: "password" });
    expect(
      (
        await server.call("POST", "/api/user/update/password", {
          token: player.token,
          body: { currentPassword: player.password, newPassword: "  ab1  " },
        })
      ).body,
    ).toEqual({
      message: "Password length should not  less than 6 (six) digits",
      field: "newPassword",
    });
    expect(
      (
        await server.call("POST", `/api/admin/users/reset-password/${player.userId}`, {
          token: admin.token,
          body: { newPassword: "      a1     " },
        })
      ).body,
    ).toEqual({ message: "Password must be at least 6 characters long.", field: "newPassword" });
  });

  it("refuses trivial passwords and the current one, changing nothing", async () => {
    const player = await signUpPlayer(server);
    const admin = await signInSuperAdmin(server);
    const reset = (newPassword: string) =>
      server.call("POST", `/api/admin/users/reset-password/${player.userId}`, {
        token: admin.token,
        body: { newPassword },
      });
    expect((await reset("111111")).body).toEqual({
      message: "Password must contain letters and numbers.",
      field: "newPassword",
    });
    expect((await reset("abc123")).body).toEqual({
      message: "This password is too easy to guess. Please choose another.",
      field: "newPassword",
    });
    expect(await reset(player.password)).toMatchObject({
      status: 400,
      body: { message: "The new password must be different from the current one." },
    });
    const change = await server.call("POST", "/api/user/update/password", {
      token: player.token,
      body: { currentPassword: player.password, newPassword: player.password },
    });
    expect(change).toMatchObject({
      status: 400,
      body: { message: "The new password must be different from the current one." },
    });
    expect((await login(player.phone, player.password)).status).toBe(200);
  });

  it("holds staff accounts to the staff rule, at creation and at a change", async () => {
    const admin = await signInSuperAdmin(server);
    const create = (password: string, email = "agent@example.com") =>
      server.call("POST", "/api/admin/accounts/create", {
        token: admin.token,
        body: { fullName: "Agent Abebe", email, password },
      });
    for (const [password, message] of [
      ["aaaaaa", "Staff passwords must be at least 10 characters."],
      ["abcdefghij", "Password must contain letters and numbers."],
      ["aaaaaaaaa1", "This password is too easy to guess. Please choose another."],
      ["abcdefg123", "This password is too easy to guess. Please choose another."],
    ]) {
      expect(await create(password!)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await create("float-keeper-7")).status).toBe(201);
    const agent = await login("agent@example.com", "float-keeper-7");
    const change = await server.call("POST", "/api/user/update/password", {
      token: agent.body.token,
      body: { currentPassword: "float-keeper-7", newPassword: "short12" },
    });
    expect(change).toMatchObject({
      status: 400,
      body: { message: "Staff passwords must be at least 10 characters." },
    });
  });
});

describe("phones in E.164", () => {
  it("lets one number sit on one account, and signs in with either form", async () => {
    const register = (phone: string) =>
      server.call("POST", "/api/auth/user/register", {
        body: {
          phone,
          fullName: "Hana Girma",
          password: "secret12",
          confirmPassword: "secret12",
          ageConfirmed: true,
          termsAccepted: true,
        },
      });
    expect((await register("0936164659")).status).toBe(201);
    expect(await register("+251936164659")).toMatchObject({
      status: 409,
      body: { message: "An account with this phone or email already exists." },
    });
    expect((await login("+251936164659", "secret12")).status).toBe(200);
    const byLocal = await login("0936164659", "secret12");
    expect(byLocal.status).toBe(200);
    const { rows } = await server.platform.database.pool.query(
      "SELECT phone FROM users WHERE id = $1",
      [byLocal.body.userId],
    );
    expect(rows[0].phone).toBe("+251936164659");

    const admin = await signInSuperAdmin(server);
    for (const search of ["0936164659", "+251936164659"]) {
      const found = await server.call(
        "GET",
        `/api/admin/players?search=${encodeURIComponent(search)}`,
        {
          token: admin.token,
        },
      );
      expect(found.body.players.map((p: { id: string }) => p.id)).toEqual([byLocal.body.userId]);
    }

    await server.call("POST", "/api/auth/user/reset/password", {
      body: { phone: "+251936164659" },
    });
    const requests = await server.call("GET", "/api/auth/user/reset/password/requests", {
      token: admin.token,
    });
    expect(requests.body.players.map((r: { userId: string }) => r.userId)).toContain(
      byLocal.body.userId,
    );

    const other = await signUpPlayer(server);
    const update = await server.call("POST", "/api/user/update/profile", {
      token: other.token,
      body: { phone: "0936164659" },
    });
    expect(update.status).toBe(409);
  });

  it("refuses a number that is not a valid phone with the spec's message", async () => {
    const response = await server.call("POST", "/api/auth/user/register", {
      body: {
        phone: "+2519999",
        fullName: "Hana Girma",
        password: "secret12",
        confirmPassword: "secret12",
        ageConfirmed: true,
        termsAccepted: true,
      },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: "Enter a valid phone number or email." },
    });
  });
});

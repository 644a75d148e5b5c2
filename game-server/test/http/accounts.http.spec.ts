import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { login: 5 } });
});
afterAll(() => server.stop());

const register = (body: Record<string, unknown>) =>
  server.call("POST", "/api/auth/user/register", { body });
const valid = {
  phone: "0911223344",
  fullName: "Almaz Ayana",
  password: "secret12",
  confirmPassword: "secret12",
  ageConfirmed: true,
  termsAccepted: true,
};

describe("registration", () => {
  it("enforces every rule of the spec with its message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, phone: "" }, "Phone or Email is required."],
      [{ ...valid, phone: undefined }, "Phone or Email is required."],
      [{ ...valid, phone: "12345" }, "Enter a valid phone number or email."],
      [{ ...valid, phone: "not-an-email@" }, "Enter a valid phone number or email."],
      [{ ...valid, fullName: "" }, "Full name is required."],
      [{ ...valid, fullName: "  ab  " }, "Full name must be at least 3 characters."],
      [
        { ...valid, password: "", confirmPassword: "", ageConfirmed: true, termsAccepted: true },
        "Password is required.",
      ],
      [
        {
          ...valid,
          password: "a1b2",
          confirmPassword: "a1b2",
          ageConfirmed: true,
          termsAccepted: true,
        },
        "Password must be at least 6 characters.",
      ],
      [
        {
          ...valid,
          password: "abcdefgh",
          confirmPassword: "abcdefgh",
          ageConfirmed: true,
          termsAccepted: true,
        },
        "Password must contain letters and numbers.",
      ],
      [
        { ...valid, confirmPassword: "secret13", ageConfirmed: true, termsAccepted: true },
        "Passwords do not match.",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await register(body);
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    // Each refusal names its field, so the form shows it there.
    expect(
      (
        await register({
          ...valid,
          confirmPassword: "secret13",
          ageConfirmed: true,
          termsAccepted: true,
        })
      ).body,
    ).toEqual({
      message: "Passwords do not match.",
      field: "confirmPassword",
    });
  });

  it("creates an account by phone or e-mail once, and signs it in", async () => {
    const created = await register(valid);
    expect(created.status).toBe(201);
    // Registration signs the player in: its token opens the session at once.
    expect(created.body).toMatchObject({ fullName: "Almaz Ayana", role: "user", mainBalance: 0 });
    expect(
      (await server.call("GET", "/api/login/user", { token: created.body.token })).body,
    ).toMatchObject({ userId: created.body.userId, fullName: "Almaz Ayana" });
    expect(await register(valid)).toMatchObject({
      status: 409,
      body: { message: "An account with this phone or email already exists.", field: "phone" },
    });
    const byEmail = { ...valid, phone: "Tigist@Example.com" };
    expect((await register(byEmail)).status).toBe(201);
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: "tigist@example.com", password: "secret12" },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      fullName: "Almaz Ayana",
      role: "user",
      mainBalance: 0,
      bonusBalance: 0,
      userName: null,
    });
    expect(login.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

describe("sessions", () => {
  it("refuses a wrong password, a missing token, a forged or expired token", async () => {
    const player = await signUpPlayer(server);
    const wrong = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: "nope123" },
    });
    expect(wrong).toMatchObject({
      status: 401,
      body: { message: "Invalid phone/email or password." },
    });

    expect((await server.call("GET", "/api/login/user")).status).toBe(401);
    const me = await server.call("GET", "/api/login/user", { token: player.token });
    expect(me.body).toMatchObject({ userId: player.userId, role: "user" });

    const [header, payload] = player.token.split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect((await server.call("GET", "/api/login/user", { token: unsigned })).status).toBe(401);
    expect(
      (await server.call("GET", "/api/login/user", { token: `${header}.${payload}.forged` }))
        .status,
    ).toBe(401);

    const secret = new TextEncoder().encode(server.platform.config.jwtSecret);
    const expired = await new SignJWT({ role: "superAdmin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(player.userId)
      .setIssuer("instant-games-platform")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect((await server.call("GET", "/api/login/user", { token: expired })).status).toBe(401);
  });

  it("refuses a blocked user's token at once, and their sign-in", async () => {
    const player = await signUpPlayer(server);
    await server.platform.database.pool.query("UPDATE users SET status = 'blocked' WHERE id = $1", [
      player.userId,
    ]);
    expect(await server.call("GET", "/api/login/user", { token: player.token })).toMatchObject({
      status: 403,
      body: { message: "Your account is blocked." },
    });
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: player.password },
    });
    expect(login.status).toBe(403);
  });

  it("signs in the first superAdmin with its role", async () => {
    const admin = await signInSuperAdmin(server);
    const me = await server.call("GET", "/api/login/user", { token: admin.token });
    expect(me.body).toMatchObject({ role: "superAdmin", fullName: "Super Admin" });
  });
});

describe("profile and password", () => {
  it("updates username and phone, with the spec's validation", async () => {
    const player = await signUpPlayer(server);
    const update = (body: unknown) =>
      server.call("POST", "/api/user/update/profile", { token: player.token, body });
    expect(await update({})).toMatchObject({
      status: 400,
      body: { message: "Please fill at least one field." },
    });
    expect((await update({ phone: "09123456789" })).status).toBe(400);
    expect((await update({ username: "abebe", phone: "0987654321" })).status).toBe(200);
    const me = await server.call("GET", "/api/login/user", { token: player.token });
    expect(me.body.userName).toBe("abebe");
    const other = await signUpPlayer(server);
    expect(
      (
        await server.call("POST", "/api/user/update/profile", {
          token: other.token,
          body: { phone: "0987654321" },
        })
      ).status,
    ).toBe(409);
  });

  it("changes the password only with the current one", async () => {
    const player = await signUpPlayer(server);
    const change = (body: unknown) =>
      server.call("POST", "/api/user/update/password", { token: player.token, body });
    expect(await change({ currentPassword: "x", newPassword: "abc" })).toMatchObject({
      status: 400,
      body: { message: "Password length should not  less than 6 (six) digits" },
    });
    expect(await change({ currentPassword: "wrong-one", newPassword: "newpass1" })).toMatchObject({
      status: 400,
    });
    expect(
      (await change({ currentPassword: player.password, newPassword: "newpass1" })).status,
    ).toBe(200);
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: "newpass1" },
    });
    expect(login.status).toBe(200);
  });
});

describe("abuse", () => {
  it("limits sign-in attempts with a clear 429", async () => {
    const attempt = () =>
      server.call("POST", "/api/auth/user/login", {
        body: { phone: "0900000000", password: "guess123" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt()).body).toEqual({
      message: "Too many requests. Please wait a minute and try again.",
    });
  });

  it("limits registrations and money requests per client with a clear 429", async () => {
    const strict = await startTestServer({ rateLimits: { register: 3, money: 2 } });
    try {
      const player = await signUpPlayer(strict);
      const statuses = async (times: number, call: () => Promise<{ status: number }>) => {
        const seen: number[] = [];
        for (let i = 0; i < times; i++) seen.push((await call()).status);
        return seen;
      };
      const withdraw = () =>
        strict.call("POST", "/api/wallet/withdraw/request", { token: player.token, body: {} });
      expect(await statuses(3, withdraw)).toEqual([400, 400, 429]);
      // Registrations count per address and phone tried (the sign-up above used another phone).
      const register = () => strict.call("POST", "/api/auth/user/register", { body: {} });
      expect(await statuses(4, register)).toEqual([400, 400, 400, 429]);
    } finally {
      await strict.stop();
    }
  });

  it("answers malformed JSON with a 400 message", async () => {
    const response = await server.call("POST", "/api/auth/user/register", { body: "{not json" });
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe("string");
  });

  it("exposes Prometheus metrics, request durations included", async () => {
    await server.call("GET", "/api/health");
    const response = await fetch(`${server.url}/metrics`);
    const text = await response.text();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("lists every route in the OpenAPI document at /api/docs", async () => {
    const doc = await server.call("GET", "/api/docs/json");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/auth/user/register",
        "/api/auth/user/login",
        "/api/login/user",
        "/api/user/update/profile",
      ]),
    );
  });
});

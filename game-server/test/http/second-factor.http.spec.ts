import { AGENT_PASSWORD } from "@igp/test-support/agents.ts";
import { pendingBankDeposit } from "@igp/test-support/deposits.ts";
import { signUpPlayer, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Issue 27: staff sign in with an authenticator (TOTP), as a deployment does by default. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TWO_FACTOR_STAFF: "on", STEP_UP_AMOUNT: "100" } });
});
afterAll(() => server.stop());

const ROOT = { login: "root@example.com", password: "root-password-1" };
const login = (phone: string, password: string, code?: string) =>
  server.call("POST", "/api/auth/user/login", {
    body: { phone, password, ...(code !== undefined && { code }) },
  });

/**
 * An authenticator app: the codes of the step before, this one and the next (the server accepts
 * one step of drift), so a test has three fresh codes without waiting; each is taken once.
 * The step before turns two steps old when a step ends on its way to the server, so that code
 * is not handed out in a step's last seconds.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  let offset = -30_000;
  return {
    next: async () => {
      if (offset < 0) await outOfStepEnd();
      const code = totp.generate({ timestamp: Date.now() + offset });
      offset += 30_000;
      return code;
    },
  };
}

const STEP_MS = 30_000;
const STEP_END_MARGIN_MS = 3_000;
async function outOfStepEnd() {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - STEP_END_MARGIN_MS)
    await new Promise((done) => setTimeout(done, STEP_MS - intoStep + 50));
}

/** Signs a staff account in for the first time: sets up its authenticator. */
async function enrol(phone: string, password: string) {
  const asked = await login(phone, password);
  const app = authenticator(asked.body.enrolment.secret);
  const signedIn = await login(phone, password, await app.next());
  return { app, token: signedIn.body.token as string, recoveryCodes: signedIn.body.recoveryCodes };
}

async function newAgent(rootToken: string) {
  const email = `agent-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await server.call("POST", "/api/admin/accounts/create", {
    token: rootToken,
    body: { fullName: "Agent Two Factor", email, password: AGENT_PASSWORD },
  });
  return { email, id: created.body.id as string };
}

let root: Awaited<ReturnType<typeof enrol>>;

describe("setting up and using an authenticator", () => {
  it("asks a staff member without one to set it up, then gives ten recovery codes once", async () => {
    const first = await login(ROOT.login, ROOT.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      secondFactor: "enrol",
      message:
        "Two-factor sign-in is required: scan the QR code with an authenticator app, then enter the 6-digit code it shows.",
      enrolment: {
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauthUrl: expect.stringMatching(
          /^otpauth:\/\/totp\/Instant%20Games:root%40example\.com\?/,
        ),
        qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      },
    });
    expect(first.body.token).toBeUndefined();
    // No session yet (the browser's device id, igp_device, is not one).
    expect(first.headers.getSetCookie().filter((line) => !line.startsWith("igp_device="))).toEqual(
      [],
    );
    const svg = Buffer.from(first.body.enrolment.qrCode.split(",")[1], "base64").toString();
    expect(svg).toMatch(/^<svg/);

    // The same authenticator until it is confirmed: a second try shows the same key.
    expect((await login(ROOT.login, ROOT.password)).body.enrolment.secret).toBe(
      first.body.enrolment.secret,
    );
    expect(await login(ROOT.login, ROOT.password, "000000")).toMatchObject({
      status: 401,
      body: { message: "Wrong code. Please try again.", field: "code" },
    });
    const app = authenticator(first.body.enrolment.secret);
    const confirmed = await login(ROOT.login, ROOT.password, await app.next());
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.token).toEqual(expect.any(String));
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    // Kept only as digests.
    const { rows } = await server.platform.database.pool.query(
      "SELECT digest FROM recovery_codes WHERE user_id = $1",
      [confirmed.body.userId],
    );
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(codes[0]!.replace("-", ""));
    root = { app, token: confirmed.body.token, recoveryCodes: codes };
  });

  it("asks for the code at each sign-in, and takes each code once", async () => {
    expect((await login(ROOT.login, ROOT.password)).body).toEqual({
      secondFactor: "code",
      message: "Enter the 6-digit code from your authenticator app.",
    });
    const code = await root.app.next();
    const signedIn = await login(ROOT.login, ROOT.password, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.recoveryCodes).toBeUndefined();
    expect(await login(ROOT.login, ROOT.password, code)).toMatchObject({
      status: 401,
      body: { message: "This code has been used already. Wait for the next one.", field: "code" },
    });
    // A code of an hour ago is no code at all.
    const old = new TOTP({ secret: Secret.fromBase32("A".repeat(32)) }).generate({
      timestamp: Date.now() - 3_600_000,
    });
    expect((await login(ROOT.login, ROOT.password, old)).status).toBe(401);
  });

  it("takes a recovery code once, and says how many are left", async () => {
    const [recovery] = root.recoveryCodes;
    const signedIn = await login(ROOT.login, ROOT.password, recovery!.toLowerCase());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.notice).toBe("A recovery code was used. 9 left.");
    expect((await login(ROOT.login, ROOT.password, recovery)).status).toBe(401);
  });

  it("signs players in with a password alone unless a setting requires more", async () => {
    const player = await signUpPlayer(server);
    expect((await login(player.phone, player.password)).body.token).toEqual(expect.any(String));
  });
});

describe("guessing codes", () => {
  it("locks the authenticator after five wrong codes, even for the right one, then tells the owner", async () => {
    const agent = await newAgent(root.token);
    const { app } = await enrol(agent.email, AGENT_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(agent.email, AGENT_PASSWORD, `12345${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await login(agent.email, AGENT_PASSWORD, await app.next());
    expect(locked).toMatchObject({
      status: 429,
      body: { message: "Too many wrong codes. Two-factor sign-in is locked for 15 minutes." },
    });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    await server.platform.database.pool.query(
      "UPDATE second_factors SET locked_until = now() - interval '1 second' WHERE user_id = $1",
      [agent.id],
    );
    const back = await login(agent.email, AGENT_PASSWORD, await app.next());
    expect(back.status).toBe(200);
    expect(back.body.notice).toBe(
      "Someone entered wrong authenticator codes for your account: two-factor sign-in was locked.",
    );
  });
});

describe("a reset by the superAdmin", () => {
  it("is refused to anyone else, and ends the staff member's sessions", async () => {
    const agent = await newAgent(root.token);
    const other = await newAgent(root.token);
    const { token } = await enrol(agent.email, AGENT_PASSWORD);
    const { token: otherToken } = await enrol(other.email, AGENT_PASSWORD);
    const player = await signUpPlayer(server);
    const reset = (by: string) =>
      server.call("POST", `/api/admin/users/two-factor/reset/${agent.id}`, { token: by });
    expect((await reset(otherToken)).status).toBe(403);
    expect((await reset(player.token)).status).toBe(403);
    expect((await reset(token)).status).toBe(403);
    expect((await login(agent.email, AGENT_PASSWORD)).body.secondFactor).toBe("code");

    const done = await reset(root.token);
    expect(done).toMatchObject({
      status: 200,
      body: {
        message:
          "Two-factor sign-in reset. The account sets up a new authenticator at its next sign-in.",
      },
    });
    expect((await server.call("GET", "/api/login/user", { token })).status).toBe(401);
    expect((await login(agent.email, AGENT_PASSWORD)).body.secondFactor).toBe("enrol");
  });
});

describe("a step-up before a large approval", () => {
  it("asks the authenticator's code again above the threshold, once per code", async () => {
    const bank = form(
      { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
      { field: "bankLogo", bytes: await pngImage() },
    );
    await server.call("POST", "/api/banks/create", { token: root.token, body: bank });
    await pendingBankDeposit(server, "Big Depositor", 150);
    await pendingBankDeposit(server, "Small Depositor", 100);
    const list = await server.call("GET", "/api/admin/deposit/requests", { token: root.token });
    const idOf = (name: string) =>
      list.body.transactions.find((t: { user: { fullName: string } }) => t.user.fullName === name)
        .id as string;
    const approve = (id: string, code?: string) =>
      server.call("POST", `/api/admin/deposit/approve/${id}`, {
        token: root.token,
        headers: code ? { "x-authenticator-code": code } : {},
        body: {},
      });

    const big = idOf("Big Depositor");
    expect(await approve(big)).toMatchObject({
      status: 403,
      body: {
        message: "Approving more than ETB 100.00 needs the code from your authenticator app.",
        field: "authenticatorCode",
      },
    });
    expect(await approve(big, "999999")).toMatchObject({
      status: 403,
      body: { message: "Wrong code. Please try again.", field: "authenticatorCode" },
    });
    const code = await root.app.next();
    expect((await approve(big, code)).status).toBe(200);
    // At the threshold, no code is asked.
    expect((await approve(idOf("Small Depositor"))).status).toBe(200);
  });
});

describe("the auditor", () => {
  it("sets up an authenticator at its first sign-in, like every staff member", async () => {
    const email = `auditor-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await server.call("POST", "/api/admin/auditors/create", {
      token: root.token,
      body: { fullName: "Audit Two Factor", email, password: "auditor-pass-1" },
    });
    expect(created.status).toBe(201);
    const first = await login(email, "auditor-pass-1");
    expect(first.body).toMatchObject({ secondFactor: "enrol" });
    expect(first.body.token).toBeUndefined();
    const { token } = await enrol(email, "auditor-pass-1");
    const me = await server.call("GET", "/api/login/user", { token });
    expect(me.status).toBe(200);
  });
});

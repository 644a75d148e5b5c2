import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import { signInitData, TEST_BOT_NAME, TEST_BOT_TOKEN } from "@igp/test-support/telegram.ts";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Every way in asks the minimum age and the terms at sign-up: an account a Google or Telegram
 * sign-in creates carries `ageConfirmationDue` in its session until it confirms (the client
 * asks before anything else), and the ledger refuses its stakes meanwhile. Google through a
 * real OpenID provider on loopback (oauth2-mock-server), Telegram through signed init data.
 */
const NOT_CONFIRMED =
  "Please confirm your age and accept the terms in your profile before you play.";
let provider: OAuth2Server;
let server: TestServer;
let root: string;
let googleSub = "age-sub-1";
let googleEmail = "new.player@example.com";

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: googleSub,
      email: googleEmail,
      email_verified: true,
      name: "Tsion Google",
    });
  });
  server = await startTestServer({
    env: {
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_ISSUER: provider.issuer.url!,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
      TELEGRAM_MINI_APP_URL: "https://games.example.com",
    },
  });
  root = (await signInSuperAdmin(server)).token;
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/** The browser's path through Google: our redirect, the provider's, our callback; the token. */
async function googleSignIn(): Promise<string> {
  const start = await fetch(`${server.url}/api/auth/google`, { redirect: "manual" });
  const cookie = start.headers
    .getSetCookie()
    .find((line) => line.startsWith("igp_google="))!
    .split(";")[0]!;
  const back = await fetch(new URL(start.headers.get("location")!), { redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  const done = await fetch(`${server.url}${callback.pathname}${callback.search}`, {
    redirect: "manual",
    headers: { cookie },
  });
  expect(done.status).toBe(302);
  return decodeURIComponent(done.headers.get("location")!.replace("/process/", ""));
}

const me = async (token: string) => (await server.call("GET", "/api/login/user", { token })).body;
const confirm = (token: string) =>
  server.call("POST", "/api/user/safer-play/age", {
    token,
    body: { ageConfirmed: true, termsAccepted: true },
  });

/** Some bonus to stake and a lottery selling tickets at ETB 10. */
async function somethingToStake(userId: string) {
  await server.call("POST", "/api/admin/bonus/grant", {
    token: root,
    body: { userId, amount: 50 },
  });
  return (await createLottery(server, { betAmount: 10 })).code as string;
}

describe("an account made by Google sign-in", () => {
  it("is asked first, cannot stake until it confirms, and is not asked again", async () => {
    const token = await googleSignIn();
    const session = await me(token);
    expect(session).toMatchObject({ fullName: "Tsion Google", ageConfirmationDue: true });
    const code = await somethingToStake(session.userId);
    expect(await buyTicket(server, token, code)).toMatchObject({
      status: 403,
      body: { message: NOT_CONFIRMED },
    });

    // Declining signs out; the next sign-in asks again.
    expect((await server.call("POST", "/api/auth/logout", { token })).status).toBe(200);
    const again = await googleSignIn();
    expect((await me(again)).ageConfirmationDue).toBe(true);

    expect((await confirm(again)).status).toBe(200);
    expect((await me(again)).ageConfirmationDue).toBe(false);
    expect((await buyTicket(server, again, code)).status).toBe(201);
    expect((await me(await googleSignIn())).ageConfirmationDue).toBe(false);
  });

  it("does not ask an account it signs into by its e-mail (registered with the question)", async () => {
    const registered = await server.call("POST", "/api/auth/user/register", {
      body: {
        phone: "registered.first@example.com",
        fullName: "Registered First",
        password: "secret12",
        confirmPassword: "secret12",
        ageConfirmed: true,
        termsAccepted: true,
      },
    });
    expect(registered.body.ageConfirmationDue).toBe(false);
    googleSub = "age-sub-2";
    googleEmail = "registered.first@example.com";
    const session = await me(await googleSignIn());
    expect(session).toMatchObject({ userId: registered.body.userId, ageConfirmationDue: false });
  });
});

describe("an account made by the Telegram Mini App", () => {
  const miniAppSignIn = (id: number) =>
    server.call("POST", "/api/auth/telegram/mini-app", {
      body: {
        initData: signInitData({ user: { id, first_name: "Yonas", allows_write_to_pm: true } }),
      },
    });

  it("is asked first at its first launch and each launch until it confirms", async () => {
    const first = await miniAppSignIn(770_000_001);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fullName: "Yonas", ageConfirmationDue: true });
    const code = await somethingToStake(first.body.userId);
    expect((await buyTicket(server, first.body.token, code)).status).toBe(403);

    const next = await miniAppSignIn(770_000_001);
    expect(next.body).toMatchObject({ userId: first.body.userId, ageConfirmationDue: true });
    expect((await confirm(next.body.token)).status).toBe(200);
    expect((await miniAppSignIn(770_000_001)).body.ageConfirmationDue).toBe(false);
    expect((await buyTicket(server, next.body.token, code)).status).toBe(201);
  });

  it("a player registered by phone is never asked again", async () => {
    const player = await signUpPlayer(server);
    expect((await me(player.token)).ageConfirmationDue).toBe(false);
  });
});

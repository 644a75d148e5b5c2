import { createHash, createHmac } from "node:crypto";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import {
  OTHER_BOT_TOKEN,
  signInitData,
  TEST_BOT_NAME,
  TEST_BOT_TOKEN,
  type TelegramTestUser,
  withField,
  withoutField,
} from "@igp/test-support/telegram.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MAX_AGE_SECONDS = 600;
const INVALID = "Invalid Telegram sign-in. Please reopen the game from Telegram.";
const STALE =
  "This Telegram sign-in has expired. Please close the game and open it again from Telegram.";
const USED =
  "This Telegram sign-in was already used. Please close the game and open it again from Telegram.";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
      TELEGRAM_MINI_APP_URL: "https://games.example.com",
      TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
    },
  });
});
afterAll(() => server?.stop());

let nextId = 880_000_100;
const telegramUser = (first_name = "Meron", extra: Partial<TelegramTestUser> = {}) => ({
  id: nextId++,
  first_name,
  allows_write_to_pm: true,
  ...extra,
});
const miniAppSignIn = (initData: unknown, token?: string) =>
  server.call("POST", "/api/auth/telegram/mini-app", { body: { initData }, token });

describe("Mini App sign-in from signed init data", () => {
  it("creates a player on the first launch and signs into it on the next ones", async () => {
    const user = telegramUser("Meron", { last_name: "Alemu", username: "meron_a" });
    const first = await miniAppSignIn(signInitData({ user }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fullName: "Meron Alemu", role: "user", mainBalance: 0 });
    const me = await server.call("GET", "/api/login/user", { token: first.body.token });
    expect(me.body).toMatchObject({ userId: first.body.userId, fullName: "Meron Alemu" });

    const again = await miniAppSignIn(signInitData({ user, start_param: "deposit" }));
    expect(again.status).toBe(200);
    expect(again.body.userId).toBe(first.body.userId);
  });

  it("signs into the account the Telegram login widget created (one link for both)", async () => {
    const user = telegramUser("Dawit");
    const widget = await server.call("POST", "/api/auth/telegram", {
      body: widgetData({ id: user.id, first_name: "Dawit" }),
    });
    expect(widget.status).toBe(200);
    const miniApp = await miniAppSignIn(signInitData({ user }));
    expect(miniApp.body.userId).toBe(widget.body.userId);
  });

  it("links a signed-in player's account to the Telegram user, then signs into it from Telegram", async () => {
    const player = await signUpPlayer(server, "Selam Bekele");
    const user = telegramUser("Selam");
    const linked = await miniAppSignIn(signInitData({ user }), player.token);
    expect(linked).toMatchObject({ status: 200, body: { userId: player.userId } });
    const later = await miniAppSignIn(signInitData({ user }));
    expect(later.body).toMatchObject({ userId: player.userId, fullName: "Selam Bekele" });
  });

  it("refuses a Telegram account linked to another player, and changes nothing", async () => {
    const owner = await miniAppSignIn(signInitData({ user: telegramUser("Owner") }));
    const taken = owner.body as { userId: string };
    const ownerUser = { id: nextId - 1, first_name: "Owner" };
    const other = await signUpPlayer(server, "Other Player");
    const launch = signInitData({ user: ownerUser });
    const refused = await miniAppSignIn(launch, other.token);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: expect.stringMatching(/^This Telegram account is linked to another player/),
      },
    });
    expect(refused.body.token).toBeUndefined();
    // Signed out, the same launch signs into the Telegram user's own player (once), and the
    // other player keeps no link.
    expect((await miniAppSignIn(launch)).body.userId).toBe(taken.userId);
    expect((await miniAppSignIn(launch)).status).toBe(401);
    const second = await miniAppSignIn(signInitData({ user: telegramUser() }), other.token);
    expect(second.body.userId).toBe(other.userId);
    // That player is now linked: another Telegram user cannot take their account.
    const third = await miniAppSignIn(signInitData({ user: telegramUser() }), other.token);
    expect(third).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Your account is linked to another Telegram/) },
    });
  });

  it("never links a staff account to Telegram", async () => {
    const root = await signInSuperAdmin(server);
    const refused = await miniAppSignIn(signInitData({ user: telegramUser("Root") }), root.token);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Staff accounts cannot be linked to Telegram/) },
    });
  });

  it("refuses tampered fields, a missing hash and another bot's signature", async () => {
    const user = telegramUser("Hana");
    const genuine = signInitData({ user, start_param: "deposit" });
    const tampered = [
      withField(genuine, "user", JSON.stringify({ ...user, id: user.id + 1 })),
      withField(genuine, "user", JSON.stringify({ ...user, first_name: "Hanna" })),
      withField(genuine, "start_param", "game-ABCDEFGH"),
      withField(genuine, "auth_date", String(Math.floor(Date.now() / 1000) - 1)),
      withField(genuine, "hash", "0".repeat(64)),
      withoutField(genuine, "start_param"),
      withoutField(genuine, "signature"),
      withoutField(genuine, "hash"),
      signInitData({ user }, { botToken: OTHER_BOT_TOKEN }),
    ];
    for (const initData of tampered) {
      expect(await miniAppSignIn(initData), initData).toMatchObject({
        status: 401,
        body: { message: INVALID },
      });
    }
    // None of them was spent or signed anyone in: the genuine one still works, once.
    expect((await miniAppSignIn(genuine)).status).toBe(200);
  });

  it("refuses init data older than the configured window", async () => {
    const user = telegramUser();
    const stale = signInitData(
      {
        user,
      },
      { authDate: new Date(Date.now() - (MAX_AGE_SECONDS + 5) * 1000) },
    );
    expect(await miniAppSignIn(stale)).toMatchObject({ status: 401, body: { message: STALE } });
    const recent = signInitData({ user }, { authDate: new Date(Date.now() - 60_000) });
    expect((await miniAppSignIn(recent)).status).toBe(200);
  });

  it("refuses a replay of used init data, even when both arrive at once", async () => {
    const initData = signInitData({ user: telegramUser() });
    const answers = await Promise.all([1, 2, 3].map(() => miniAppSignIn(initData)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    for (const answer of answers.filter((a) => a.status === 401))
      expect(answer.body).toEqual({ message: USED });
    expect(await miniAppSignIn(initData)).toMatchObject({ status: 401, body: { message: USED } });
  });

  it("answers malformed bodies with a clear 400 or 401, never a 5xx", async () => {
    const cases: [unknown, number][] = [
      [undefined, 400],
      ["", 400],
      [42, 400],
      ["x".repeat(5000), 400],
      ["not init data", 401],
      ["hash=zz&auth_date=abc", 401],
      [`auth_date=${Math.floor(Date.now() / 1000)}&hash=${"a".repeat(64)}&user=%7B`, 401],
    ];
    for (const [initData, status] of cases) {
      const answer = await miniAppSignIn(initData);
      expect(answer.status, String(initData).slice(0, 40)).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    // Signed but without a user (a chat's launch): nobody to sign in.
    const chatOnly = new URLSearchParams(signInitData({ user: telegramUser() }));
    chatOnly.delete("user");
    expect((await miniAppSignIn(chatOnly.toString())).status).toBe(401);
  });

  it("tells the client the bot and Mini App to link to, and lets Telegram Web frame the site", async () => {
    const providers = await server.call("GET", "/api/auth/providers");
    expect(providers.body.telegram).toEqual({ botName: TEST_BOT_NAME, appName: null });
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("content-security-policy")).toContain(
      "frame-ancestors https://web.telegram.org",
    );
    expect(page.headers.get("x-frame-options")).toBeNull();
  });
});

/** The login widget's data, signed as core.telegram.org/widgets/login says. */
function widgetData(data: Record<string, string | number>) {
  const values = { ...data, auth_date: Math.floor(Date.now() / 1000) };
  const check = Object.keys(values)
    .sort()
    .map((key) => `${key}=${values[key as keyof typeof values]}`)
    .join("\n");
  const hash = createHmac("sha256", createHash("sha256").update(TEST_BOT_TOKEN).digest())
    .update(check)
    .digest("hex");
  return { ...values, hash };
}

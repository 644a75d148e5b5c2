import { createHash, createHmac } from "node:crypto";
import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BOT_TOKEN = "123456789:AAEhBOweik9ai2o4Aa4ZHlWwT0S23G4Exs0";
let provider: OAuth2Server;
let server: TestServer;
beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: "google-sub-42",
      email: "Selam@Example.com",
      email_verified: true,
      name: "Selam Tesfaye",
    });
  });
  server = await startTestServer({
    env: {
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_ISSUER: provider.issuer.url!,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_NAME: "instant_games_bot",
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

/** Follows the browser's path: our redirect, the provider's, our callback. */
async function googleSignIn() {
  const start = await fetch(`${server.url}/api/auth/google`, { redirect: "manual" });
  expect(start.status).toBe(302);
  // The pending sign-in's cookie (a browser without one also gets its device id, igp_device).
  const cookie = start.headers
    .getSetCookie()
    .find((line) => line.startsWith("igp_google="))!
    .split(";")[0]!;
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  const back = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  const done = await fetch(`${server.url}${callback.pathname}${callback.search}`, {
    redirect: "manual",
    headers: { cookie },
  });
  return { done, callback };
}

describe("Google sign-in", () => {
  it("creates the account on first sign-in, signs into it afterwards, and goes to /process/{token}", async () => {
    expect((await server.call("GET", "/api/auth/providers")).body).toEqual({
      google: true,
      telegram: { botName: "instant_games_bot", appName: null },
      currency: "ETB",
      minimumAge: 18,
    });
    const first = await googleSignIn();
    expect(first.done.status).toBe(302);
    const token = decodeURIComponent(first.done.headers.get("location")!.replace("/process/", ""));
    // The browser is signed in by the redirect itself: the session's cookie, httpOnly.
    expect(first.done.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(new RegExp(`^igp_session=${token};.*HttpOnly`)),
    );
    const me = await server.call("GET", "/api/login/user", { token });
    expect(me.body).toMatchObject({ fullName: "Selam Tesfaye", role: "user" });

    const second = await googleSignIn();
    const again = decodeURIComponent(second.done.headers.get("location")!.replace("/process/", ""));
    expect((await server.call("GET", "/api/login/user", { token: again })).body.userId).toBe(
      me.body.userId,
    );
  });

  it("refuses a callback without the browser's pending sign-in", async () => {
    const { callback } = await googleSignIn();
    const replay = await server.call("GET", `${callback.pathname}${callback.search}`);
    expect(replay).toMatchObject({
      status: 400,
      body: { message: "This sign-in has expired. Please try again." },
    });
  });
});

describe("Telegram sign-in", () => {
  const sign = (data: Record<string, string | number>) => {
    const check = Object.keys(data)
      .sort()
      .map((key) => `${key}=${data[key]}`)
      .join("\n");
    const hash = createHmac("sha256", createHash("sha256").update(BOT_TOKEN).digest())
      .update(check)
      .digest("hex");
    return { ...data, hash };
  };
  const now = () => Math.floor(Date.now() / 1000);

  it("signs in with genuine widget data, the same account each time", async () => {
    const data = sign({
      id: 777001,
      first_name: "Dawit",
      last_name: "Bekele",
      username: "dawitb",
      auth_date: now(),
    });
    const first = await server.call("POST", "/api/auth/telegram", { body: data });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(new RegExp(`^igp_session=${first.body.token};.*HttpOnly`)),
    );
    expect(first.body).toMatchObject({ fullName: "Dawit Bekele", role: "user", mainBalance: 0 });
    const second = await server.call("POST", "/api/auth/telegram", {
      body: sign({ id: 777001, first_name: "Dawit", auth_date: now() }),
    });
    expect(second.body.userId).toBe(first.body.userId);
  });

  it("refuses forged, altered and stale data", async () => {
    const genuine = sign({ id: 777002, first_name: "Hana", auth_date: now() });
    expect(
      await server.call("POST", "/api/auth/telegram", { body: { ...genuine, id: 777003 } }),
    ).toMatchObject({
      status: 401,
      body: { message: "Invalid Telegram login." },
    });
    expect(
      (
        await server.call("POST", "/api/auth/telegram", {
          body: { ...genuine, hash: "0".repeat(64) },
        })
      ).status,
    ).toBe(401);
    const stale = sign({ id: 777002, first_name: "Hana", auth_date: now() - 25 * 3600 });
    expect(await server.call("POST", "/api/auth/telegram", { body: stale })).toMatchObject({
      status: 401,
      body: { message: "This Telegram login has expired. Please try again." },
    });
  });
});

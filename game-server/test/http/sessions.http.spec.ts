import { randomUUID } from "node:crypto";
import { Client } from "@colyseus/sdk";
import { sdkClient } from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpAgent,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const EXPIRED = {
  status: 401,
  body: { message: "Your session has expired. Please sign in again." },
};
const me = (token: string) => server.call("GET", "/api/login/user", { token });
const sessionIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid;

describe("token version", () => {
  it("ends every token at a password change, and the answer carries this device's new one", async () => {
    const player = await signUpPlayer(server);
    const otherDevice = player.token;
    const change = await server.call("POST", "/api/user/update/password", {
      token: player.token,
      body: { currentPassword: player.password, newPassword: "another42" },
    });
    expect(change.status).toBe(200);
    expect(await me(otherDevice)).toMatchObject(EXPIRED);
    expect((await me(change.body.token)).status).toBe(200);
  });

  it("ends the player's tokens at an admin reset", async () => {
    const player = await signUpPlayer(server);
    const admin = await signInSuperAdmin(server);
    const reset = await server.call("POST", `/api/admin/users/reset-password/${player.userId}`, {
      token: admin.token,
      body: { newPassword: "fresh-start7" },
    });
    expect(reset.status).toBe(200);
    expect(await me(player.token)).toMatchObject(EXPIRED);
  });

  it("does not revive a token when a block is lifted, nor in a room", async () => {
    const player = await signUpPlayer(server);
    const admin = await signInSuperAdmin(server);
    const toggle = () =>
      server.call("POST", `/api/admin/users/status/${player.userId}`, { token: admin.token });
    expect((await toggle()).body).toEqual({ status: "blocked" });
    expect((await toggle()).body).toEqual({ status: "active" });
    expect(await me(player.token)).toMatchObject(EXPIRED);
    await expect(sdkClient(server, player.token).joinOrCreate("lobby")).rejects.toThrow(
      "Your session has expired. Please sign in again.",
    );
  });

  it("signs out everywhere from the profile", async () => {
    const player = await signUpPlayer(server);
    const second = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: player.password },
    });
    const out = await server.call("POST", "/api/auth/logout-all", { token: player.token });
    expect(out).toMatchObject({ status: 200, body: { message: "Signed out on every device." } });
    expect(await me(player.token)).toMatchObject(EXPIRED);
    expect(await me(second.body.token)).toMatchObject(EXPIRED);
    expect(
      (await server.call("POST", "/api/auth/logout-all", { token: player.token })).status,
    ).toBe(401);
    const again = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: player.password },
    });
    expect((await me(again.body.token)).status).toBe(200);
  });

  it("refuses a signed token without exp, without sub, or without a version", async () => {
    const player = await signUpPlayer(server);
    const secret = new TextEncoder().encode(server.platform.config.jwtSecret);
    const signed = (claims: Record<string, unknown>, sub?: string, exp = true) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("instant-games-platform")
        .setIssuedAt();
      if (sub) jwt.setSubject(sub);
      if (exp) jwt.setExpirationTime("1h");
      return jwt.sign(secret);
    };
    const sid = sessionIdOf(player.token);
    const good = await signed({ role: "user", ver: 0, sid }, player.userId);
    expect((await me(good)).status).toBe(200);
    for (const token of [
      await signed({ role: "user", ver: 0, sid }, player.userId, false),
      await signed({ role: "user", ver: 0, sid }),
      await signed({ role: "user", sid }, player.userId),
      await signed({ role: "user", ver: 1, sid }, player.userId),
      await signed({ role: "user", ver: 0 }, player.userId),
      await signed({ role: "user", ver: 0, sid: randomUUID() }, player.userId),
    ]) {
      expect((await me(token)).status).toBe(401);
    }
  });
});

/** The browser's view: the cookies a sign-in sets, sent back as a browser on our pages would. */
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const cookiesOf = (response: { headers: Headers }) =>
  Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const [name, value] = pair!.split("=") as [string, string];
      return [name, { value, attributes: attributes.map((a) => a.toLowerCase()) }];
    }),
  );
const signInByBrowser = async (phone: string, password: string, userAgent = PHONE_BROWSER) => {
  const response = await server.call("POST", "/api/auth/user/login", {
    headers: { origin: server.url, "sec-fetch-site": "same-origin", "user-agent": userAgent },
    body: { phone, password },
  });
  return cookiesOf(response).igp_session!.value;
};
const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({
  headers: { cookie: `igp_session=${cookie}`, ...headers },
});
const ourPage = { origin: "", "sec-fetch-site": "same-origin" };
beforeAll(() => {
  ourPage.origin = server.url;
});

describe("sessions in a cookie", () => {
  it("sets an httpOnly, SameSite=Lax cookie at sign-in that alone signs the browser in", async () => {
    const player = await signUpPlayer(server);
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: player.password },
    });
    const cookies = cookiesOf(login);
    expect(cookies.igp_session!.value).toBe(login.body.token);
    expect(cookies.igp_session!.attributes).toEqual(
      expect.arrayContaining(["httponly", "samesite=lax", "path=/", "max-age=28800"]),
    );
    // On this machine the site is plain http: the cookie cannot be Secure here.
    expect(cookies.igp_session!.attributes).not.toContain("secure");
    // The readable hint says only that a session exists (a staff member's: `staff`).
    expect(cookies.igp_signed_in).toEqual({
      value: "1",
      attributes: expect.not.arrayContaining(["httponly"]),
    });
    const root = await server.call("POST", "/api/auth/user/login", {
      body: { phone: "root@example.com", password: "root-password-1" },
    });
    expect(cookiesOf(root).igp_signed_in!.value).toBe("staff");
    const me = await server.call("GET", "/api/login/user", withCookie(cookies.igp_session!.value));
    expect(me.body).toMatchObject({ userId: player.userId });
  });

  it("marks the cookie Secure for any host but this machine", async () => {
    const { request } = await import("node:http");
    const player = await signUpPlayer(server);
    const url = new URL(`${server.url}/api/auth/user/login`);
    const setCookie = await new Promise<string[]>((resolve, reject) => {
      const call = request(
        url,
        {
          method: "POST",
          headers: { host: "games.example.et", "content-type": "application/json" },
        },
        (response) => {
          response.resume();
          resolve(response.headers["set-cookie"] ?? []);
        },
      );
      call.on("error", reject);
      call.end(JSON.stringify({ phone: player.phone, password: player.password }));
    });
    expect(setCookie.find((line) => line.startsWith("igp_session="))).toMatch(/; Secure/);
  });

  it("refuses a copied cookie once its session has signed out, and clears it", async () => {
    const player = await signUpPlayer(server);
    const cookie = await signInByBrowser(player.phone, player.password);
    const copy = cookie;
    const out = await server.call("POST", "/api/auth/logout", withCookie(cookie, ourPage));
    expect(out).toMatchObject({ status: 200, body: { message: "Signed out." } });
    expect(cookiesOf(out).igp_session!.attributes).toContain(
      "expires=thu, 01 jan 1970 00:00:00 gmt",
    );
    const stolen = await server.call("GET", "/api/login/user", withCookie(copy));
    expect(stolen).toMatchObject(EXPIRED);
    expect(cookiesOf(stolen).igp_session!.value).toBe("");
    // As a bearer token on another device: refused too.
    expect(await me(copy)).toMatchObject(EXPIRED);
    // The player's other session goes on.
    expect((await me(player.token)).status).toBe(200);
  });

  it("hands a /process/{token} sign-in over to the cookie", async () => {
    const player = await signUpPlayer(server);
    const adopt = await server.call("POST", "/api/auth/session", { token: player.token });
    expect(adopt.body).toMatchObject({ userId: player.userId });
    expect(cookiesOf(adopt).igp_session!.value).toBe(player.token);
  });
});

describe("cross-site request forgery", () => {
  const profile = (cookie: string, headers: Record<string, string>, username: string) =>
    server.call("POST", "/api/user/update/profile", {
      ...withCookie(cookie, headers),
      body: { username },
    });
  const userName = async (userId: string) =>
    (
      await server.platform.database.pool.query("SELECT user_name FROM users WHERE id = $1", [
        userId,
      ])
    ).rows[0].user_name;
  const REFUSED = {
    status: 403,
    body: { message: "This request came from another site and was refused." },
  };

  it("refuses a cookie-borne write from another site's form or script, changing nothing", async () => {
    const player = await signUpPlayer(server);
    const cookie = await signInByBrowser(player.phone, player.password);
    expect(await profile(cookie, { origin: "https://evil.example" }, "evil1")).toMatchObject(
      REFUSED,
    );
    expect(await profile(cookie, { "sec-fetch-site": "cross-site" }, "evil2")).toMatchObject(
      REFUSED,
    );
    expect(await profile(cookie, { "sec-fetch-site": "same-site" }, "evil3")).toMatchObject(
      REFUSED,
    );
    expect(await profile(cookie, { origin: "null" }, "evil4")).toMatchObject(REFUSED);
    // A client that vouches for nothing cannot write on a cookie either.
    expect(await profile(cookie, {}, "evil5")).toMatchObject(REFUSED);
    expect(await userName(player.userId)).toBeNull();

    expect((await profile(cookie, ourPage, "abebe")).status).toBe(200);
    expect(await userName(player.userId)).toBe("abebe");
  });

  it("refuses a write from another site even with a bearer token, and lets API clients write", async () => {
    const player = await signUpPlayer(server);
    const cross = await server.call("POST", "/api/user/update/profile", {
      token: player.token,
      headers: { origin: "https://evil.example" },
      body: { username: "evil" },
    });
    expect(cross).toMatchObject(REFUSED);
    const api = await server.call("POST", "/api/user/update/profile", {
      token: player.token,
      body: { username: "apiclient" },
    });
    expect(api.status).toBe(200);
  });
});

describe("the session list", () => {
  it("lists device, address and last seen, and signs one device out", async () => {
    const player = await signUpPlayer(server);
    const phone = await signInByBrowser(player.phone, player.password);
    const laptop = await signInByBrowser(
      player.phone,
      player.password,
      "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    );
    const list = await server.call("GET", "/api/auth/sessions", withCookie(phone));
    expect(list.status).toBe(200);
    const sessions = list.body.sessions as { id: string; device: string; current: boolean }[];
    // The registration's session and signUpPlayer's sign-in, then the phone and the laptop.
    expect(sessions).toHaveLength(4);
    expect(sessions).toContainEqual({
      id: sessionIdOf(phone),
      device: "Chrome on Android",
      address: "127.0.0.1",
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: true,
    });
    expect(sessions.find((s) => s.id === sessionIdOf(laptop))).toMatchObject({
      device: "Firefox on Linux",
      current: false,
    });

    const end = await server.call(
      "POST",
      `/api/auth/sessions/${sessionIdOf(laptop)}/end`,
      withCookie(phone, ourPage),
    );
    expect(end).toMatchObject({ status: 200, body: { message: "Signed out on that device." } });
    expect(cookiesOf(end).igp_session).toBeUndefined(); // this device stays signed in
    expect(await server.call("GET", "/api/login/user", withCookie(laptop))).toMatchObject(EXPIRED);
    expect((await server.call("GET", "/api/login/user", withCookie(phone))).status).toBe(200);
    const after = await server.call("GET", "/api/auth/sessions", withCookie(phone));
    expect(after.body.sessions.map((s: { id: string }) => s.id)).not.toContain(sessionIdOf(laptop));
  });

  it("cannot sign out another account's session", async () => {
    const owner = await signUpPlayer(server);
    const other = await signUpPlayer(server);
    const end = await server.call("POST", `/api/auth/sessions/${sessionIdOf(owner.token)}/end`, {
      token: other.token,
    });
    expect(end).toMatchObject({ status: 404, body: { message: "Session not found." } });
    expect((await me(owner.token)).status).toBe(200);
  });

  it("lists nothing after a sign-out everywhere, which clears this browser's cookie", async () => {
    const player = await signUpPlayer(server);
    const cookie = await signInByBrowser(player.phone, player.password);
    const out = await server.call("POST", "/api/auth/logout-all", withCookie(cookie, ourPage));
    expect(out.status).toBe(200);
    expect(cookiesOf(out).igp_session!.value).toBe("");
    const again = await signInByBrowser(player.phone, player.password);
    const list = await server.call("GET", "/api/auth/sessions", withCookie(again));
    expect(list.body.sessions.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(again)]);
  });
});

describe("rooms on the browser's session", () => {
  const lobby = (cookie: string, origin: string) =>
    new Client(server.url, { headers: { cookie: `igp_session=${cookie}`, origin } }).joinOrCreate(
      "lobby",
    );

  it("joins on the cookie from our own pages, not from another site's", async () => {
    const player = await signUpPlayer(server);
    const cookie = await signInByBrowser(player.phone, player.password);
    const room = await lobby(cookie, server.url);
    await room.leave();
    await expect(lobby(cookie, "https://evil.example")).rejects.toThrow(
      "This request came from another site and was refused.",
    );
    // A cookie from a client that does not say where it comes from does not let it in.
    await expect(
      new Client(server.url, { headers: { cookie: `igp_session=${cookie}` } }).joinOrCreate(
        "lobby",
      ),
    ).rejects.toThrow("Please sign in.");
  });

  it("ends a staff member's cookie session at once when they are blocked, in rooms too", async () => {
    const admin = await signInSuperAdmin(server);
    const agent = await signUpAgent(server, admin.token);
    const cookie = await signInByBrowser(agent.email, "agent-pass-1");
    expect((await server.call("GET", "/api/admin/float", withCookie(cookie))).status).toBe(200);
    await server.call("POST", `/api/admin/users/status/${agent.userId}`, { token: admin.token });
    expect(await server.call("GET", "/api/admin/float", withCookie(cookie))).toMatchObject({
      status: 403,
      body: { message: "Your account is blocked." },
    });
    await expect(lobby(cookie, server.url)).rejects.toThrow("Your account is blocked.");
  });
});

import { sdkClient } from "@igp/test-support/games.ts";
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
  server = await startTestServer();
});
afterAll(() => server.stop());

const EXPIRED = {
  status: 401,
  body: { message: "Your session has expired. Please sign in again." },
};
const me = (token: string) => server.call("GET", "/api/login/user", { token });

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
    const good = await signed({ role: "user", ver: 0 }, player.userId);
    expect((await me(good)).status).toBe(200);
    for (const token of [
      await signed({ role: "user", ver: 0 }, player.userId, false),
      await signed({ role: "user", ver: 0 }),
      await signed({ role: "user" }, player.userId),
      await signed({ role: "user", ver: 1 }, player.userId),
    ]) {
      expect((await me(token)).status).toBe(401);
    }
  });
});

import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer();
  root = (await signInSuperAdmin(server)).token;
});
afterAll(() => server.stop());

describe("settings", () => {
  const group = { gameWaitingTime: 5, winPercentCut: 10 };
  const advance = { gameWaitingTime: 5, winPercentCut: 0 }; // agents' advances start at none
  const all = {
    spinWheel: group,
    coinFlip: group,
    subAdminWithdraw: advance,
    subAdminCredit: advance,
  };

  it("start at the spec's defaults and change within range only", async () => {
    const player = await signUpPlayer(server);
    expect((await server.call("GET", "/api/settings", { token: root })).body).toEqual({
      status: "ok",
      settings: all,
    });
    expect(await server.call("GET", "/api/settings", { token: player.token })).toMatchObject({
      status: 403,
      body: { message: "You are not allowed to do this." },
    });
    const invalid = "All values must be valid numbers and within proper range.";
    for (const bad of [
      { ...all, coinFlip: { gameWaitingTime: 0, winPercentCut: 10 } },
      { ...all, coinFlip: { gameWaitingTime: 5, winPercentCut: 100.5 } },
      { ...all, coinFlip: { gameWaitingTime: 5, winPercentCut: -1 } },
      { ...all, coinFlip: { gameWaitingTime: "5", winPercentCut: 10 } },
      { ...all, coinFlip: { gameWaitingTime: 5, winPercentCut: 12.345 } },
    ]) {
      expect(await server.call("POST", "/api/settings", { token: root, body: bad })).toMatchObject({
        status: 400,
        body: { message: invalid },
      });
    }
    expect(
      (await server.call("POST", "/api/settings", { token: player.token, body: all })).status,
    ).toBe(403);
    const changed = { ...all, coinFlip: { gameWaitingTime: 3, winPercentCut: 12.5 } };
    expect(
      (await server.call("POST", "/api/settings", { token: root, body: changed })).body,
    ).toEqual({ status: "ok", settings: changed });
  });

  it("tell anyone each game's waiting time and cut, and nothing of the agents' terms", async () => {
    const changed = { ...all, coinFlip: { gameWaitingTime: 4, winPercentCut: 7.5 } };
    await server.call("POST", "/api/settings", { token: root, body: changed });
    const games = await server.call("GET", "/api/settings/games");
    expect(games.body).toEqual({
      status: "ok",
      games: { coinFlip: changed.coinFlip, spinWheel: changed.spinWheel },
    });
    expect(games.headers.get("cache-control")).toBe("no-store");
  });
});

describe("social links", () => {
  it("accept http(s) links only and show active ones to anyone", async () => {
    const create = async (socialLink: string) =>
      server.call("POST", "/api/socials/create", {
        token: root,
        body: form(
          { socialName: "Telegram", socialLink },
          { field: "socialLogo", bytes: await pngImage() },
        ),
      });
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "ftp://x.com", "not a url"]) {
      expect(await create(bad)).toMatchObject({
        status: 400,
        body: { message: "The link must start with http:// or https://." },
      });
    }
    const created = await create("https://t.me/instantgames");
    expect(created.status).toBe(201);
    const active = await server.call("GET", "/api/social/get/active?page=1");
    expect(active.body.socials).toEqual([
      expect.objectContaining({ socialName: "Telegram", socialLink: "https://t.me/instantgames" }),
    ]);
    await server.call("POST", `/api/socials/status/${created.body.id}`, { token: root });
    expect((await server.call("GET", "/api/social/get/active")).body.socials).toEqual([]);
    expect(
      (await server.call("DELETE", `/api/socials/${created.body.id}`, { token: root })).status,
    ).toBe(200);
    expect((await server.call("GET", "/api/socials/all", { token: root })).body.socials).toEqual(
      [],
    );
  });
});

describe("password reset", () => {
  it("lets a player ask, and the superAdmin set a new password", async () => {
    const player = await signUpPlayer(server);
    expect(await server.call("POST", "/api/auth/user/reset/password", { body: {} })).toMatchObject({
      status: 400,
      body: { message: "Please provide email or phone number" },
    });
    const asked = await server.call("POST", "/api/auth/user/reset/password", {
      body: { phone: player.phone },
    });
    expect(asked.body).toEqual({ message: "we will send you new password via phone" });
    const unknown = await server.call("POST", "/api/auth/user/reset/password", {
      body: { phone: "0999999999" },
    });
    expect(unknown.body).toEqual(asked.body);

    const list = await server.call("GET", "/api/auth/user/reset/password/requests", {
      token: root,
    });
    expect(list.body.players).toEqual([
      expect.objectContaining({ userId: player.userId, status: "pending" }),
    ]);
    expect(
      await server.call("POST", `/api/admin/users/reset-password/${player.userId}`, {
        token: root,
        body: { newPassword: "abc" },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Password must be at least 6 characters long." },
    });
    const reset = await server.call("POST", `/api/admin/users/reset-password/${player.userId}`, {
      token: root,
      body: { newPassword: "fresh-pass-9" },
    });
    expect(reset.body).toEqual({ message: "Password changed successfully!" });
    expect(
      (
        await server.call("POST", "/api/auth/user/login", {
          body: { phone: player.phone, password: "fresh-pass-9" },
        })
      ).status,
    ).toBe(200);
    const after = await server.call("GET", "/api/auth/user/reset/password/requests", {
      token: root,
    });
    expect(after.body.players[0].status).toBe("completed");
  });
});

describe("dashboard", () => {
  it("gives the superAdmin its 14 figures and an agent its float", async () => {
    const player = await signUpPlayer(server);
    await server.call("POST", "/api/admin/bonus/grant", {
      token: root,
      body: { userId: player.userId, amount: 12.5 },
    });
    let stats = await server.call("GET", "/api/admin/dashboard/stats", { token: root });
    for (let i = 0; i < 50 && stats.body.BonesBalance !== 12.5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stats = await server.call("GET", "/api/admin/dashboard/stats", { token: root });
    }
    expect(Object.keys(stats.body)).toHaveLength(14);
    expect(stats.body).toMatchObject({
      BonesBalance: 12.5,
      activePlayers: expect.any(Number),
      newRegistrationsToday: expect.any(Number),
    });
    expect(stats.body.dailyActiveUsers).toBeGreaterThanOrEqual(1);
    expect(
      (await server.call("GET", "/api/admin/dashboard/stats", { token: player.token })).status,
    ).toBe(403);
  });
});

describe("instant game tables", () => {
  it("are created with a bet of at least 1, listed and deleted by the superAdmin", async () => {
    const create = (body: unknown) =>
      server.call("POST", "/api/games/create", { token: root, body });
    expect(await create({ type: "coin-flip", betAmount: 0.5 })).toMatchObject({
      status: 400,
      body: { message: "Please enter a valid bet amount!" },
    });
    expect(await create({ type: "lottery", betAmount: 10 })).toMatchObject({
      status: 400,
      body: { message: "Invalid game type specified." },
    });
    const created = await create({ type: "coin-flip", betAmount: 10 });
    expect(created).toMatchObject({
      status: 201,
      body: { type: "coin-flip", betAmount: 10, status: "active" },
    });
    await create({ type: "spin-wheel", betAmount: 2.5 });
    await create({ type: "coin-flip", betAmount: 5 });
    // In the order they were made (the ID column counts up), whatever their type or bet.
    const list = await server.call("GET", "/api/games/all?page=1", { token: root });
    const games = list.body.games as { id: number; type: string; betAmount: number }[];
    expect(games.map((g) => [g.type, g.betAmount])).toEqual([
      ["coin-flip", 10],
      ["spin-wheel", 2.5],
      ["coin-flip", 5],
    ]);
    expect(games.map((g) => g.id)).toEqual(games.map((g) => g.id).sort((a, b) => a - b));
    expect(
      (await server.call("DELETE", `/api/games/${created.body.id}`, { token: root })).status,
    ).toBe(200);
    expect(
      (await server.call("DELETE", `/api/games/${created.body.id}`, { token: root })).status,
    ).toBe(404);
    expect((await server.call("GET", "/api/games/all", { token: root })).body.games).toHaveLength(
      2,
    );
  });
});

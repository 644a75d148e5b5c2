import { eventually } from "@igp/test-support/agents.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { describe, expect, it } from "vitest";
import { bankDeposit, root, server, startWalletServer } from "./wallet-fixture.ts";

/** Who may touch whose money: players kept out of the back office, of each other's data, and out when blocked. */
startWalletServer();

describe("who may do what", () => {
  it("keeps players out of the back office and out of each other's data", async () => {
    const [alice, bob] = [await signUpPlayer(server), await signUpPlayer(server)];
    await bankDeposit(alice.token, 60);
    await eventually(
      () => server.call("GET", "/api/transactions/deposit", { token: alice.token }),
      (r) => r.body.transactions.length === 1,
    );
    expect(
      (await server.call("GET", "/api/transactions/deposit", { token: bob.token })).body
        .transactions,
    ).toEqual([]);
    for (const [method, route] of [
      ["GET", "/api/admin/deposit/requests"],
      ["GET", "/api/admin/players"],
      ["POST", "/api/admin/bonus/grant"],
      ["GET", "/api/banks/all"],
    ] as const) {
      expect(
        (
          await server.call(method, route, {
            token: bob.token,
            body: method === "POST" ? {} : undefined,
          })
        ).status,
      ).toBe(403);
      expect((await server.call(method, route)).status).toBe(401);
    }
  });

  it("blocking a player ends their session at once", async () => {
    const player = await signUpPlayer(server);
    const blocked = await server.call("POST", `/api/admin/users/status/${player.userId}`, {
      token: root,
    });
    expect(blocked.body).toEqual({ status: "blocked" });
    expect((await server.call("GET", "/api/login/user", { token: player.token })).status).toBe(403);
    expect(
      (await server.call("POST", `/api/admin/users/status/${player.userId}`, { token: root })).body,
    ).toEqual({ status: "active" });
    // Lifting the block does not revive the old session: the player signs in again.
    expect((await server.call("GET", "/api/login/user", { token: player.token })).status).toBe(401);
    const again = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: player.password },
    });
    expect((await server.call("GET", "/api/login/user", { token: again.body.token })).status).toBe(
      200,
    );
  });
});

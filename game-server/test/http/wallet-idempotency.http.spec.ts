import { randomUUID } from "node:crypto";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { describe, expect, it } from "vitest";
import { balances, root, server, startWalletServer } from "./wallet-fixture.ts";

/** A money request sent twice with one Idempotency-Key happens once. */
startWalletServer();

describe("exactly once", () => {
  it("replays the first answer to a repeated Idempotency-Key and refuses it with another body", async () => {
    const player = await signUpPlayer(server);
    await server.call("POST", "/api/admin/bonus/grant", {
      token: root,
      body: { userId: player.userId, amount: 100 },
    });
    const key = randomUUID();
    const body = {
      amount: 30,
      method: "agent",
      accountNumber: "0911",
      withdrawFromBonusBalance: true,
    };
    const headers = { "idempotency-key": key };
    const first = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body,
      headers,
    });
    const again = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body,
      headers,
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const different = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body: { ...body, amount: 31 },
      headers,
    });
    expect(different.status).toBe(422);
    expect(await balances(player.token)).toEqual({ main: 0, bonus: 70 });
  });
});

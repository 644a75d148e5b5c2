import { CloseCode, MatchMakeError } from "@colyseus/sdk";
import { balancesOf, fundedPlayer, nextMessage, sdkClient, seed } from "@igp/test-support/games.ts";
import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { sleep } from "@igp/test-support/server-process.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 15, reconnection: a client whose socket drops during a round comes back to its seat
 * within the grace period (RECONNECT_GRACE_SECONDS, 2 here) and sees the round's state and
 * its result (sent again to a client back after it was announced); a forged token or one past the grace period is refused with a clear error.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { GAME_START_NOTICE_MS: "1500", RECONNECT_GRACE_SECONDS: "2" },
  });
});
afterAll(() => server.stop());

const privateFlip = (token: string) =>
  server.call("POST", "/api/game/private/create", {
    token,
    body: {
      gameType: "coin-flip",
      access: "private",
      betAmount: 5,
      selectedSide: "H",
      clientSeed: seed(),
    },
  });

describe("a dropped client", () => {
  it("reconnects by itself (the SDK's automatic reconnection) and sees the result", async () => {
    const alice = await fundedPlayer(server, 20_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 20_00, 0, "Bob Girma");
    const { gameCode: code } = (await privateFlip(alice.token)).body;
    const room = await sdkClient(server, alice.token).joinById(code);
    room.reconnection.minUptime = 0;
    const reconnected = new Promise<void>((resolve) => room.onReconnect(() => resolve()));
    const sessionId = room.sessionId;
    // The network drops (a close the server does not take as leaving).
    room.connection.close(CloseCode.MAY_TRY_RECONNECT);
    await reconnected;
    expect(room.sessionId).toBe(sessionId);

    const coin = nextMessage(room, "coin");
    const joined = await server.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code, clientSeed: seed() },
    });
    expect(joined.status).toBe(200);
    expect((await coin).game.code).toBe(code);
    await expect.poll(() => (room.state as { status: string }).status).toBe("finished");
    await room.leave();
  });

  it("rejoins with its reconnection token within the grace period, not after it", async () => {
    const carol = await fundedPlayer(server, 20_00, 0, "Carol Haile");
    const { gameCode: code } = (await privateFlip(carol.token)).body;
    const client = sdkClient(server, carol.token);
    const first = await client.joinById(code);
    first.reconnection.enabled = false;
    const token = first.reconnectionToken;
    first.connection.close(4001);
    await sleep(200);
    const back = await client.reconnect(token);
    await expect.poll(() => (back.state as { code?: string }).code).toBe(code);
    expect((back.state as { status: string }).status).toBe("waiting");

    back.reconnection.enabled = false;
    const late = back.reconnectionToken;
    back.connection.close(4001);
    await sleep(3_000);
    const refused = await client.reconnect(late).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MatchMakeError);
    expect((refused as MatchMakeError).code).toBe(403);
    expect((await balancesOf(server, carol.token)).main).toBe(15);
  });

  it("gets the result it missed while away, on coming back", async () => {
    const alice = await fundedPlayer(server, 20_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 20_00, 0, "Bob Girma");
    const { gameCode: code } = (await privateFlip(alice.token)).body;
    const client = sdkClient(server, alice.token);
    const away = await client.joinById(code);
    away.reconnection.enabled = false;
    const token = away.reconnectionToken;
    const starting = nextMessage<{ startsAt: number }>(away, "startNotice");
    const watching = await sdkClient(server, bob.token).joinById(code);
    const coin = nextMessage(watching, "coin");
    await server.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code, clientSeed: seed() },
    });
    // Alice's network drops just before the coin is tossed, and is back once it has been.
    await sleep(Math.max(0, (await starting).startsAt - Date.now() - 300));
    away.connection.close(4001);
    const tossed = await coin;
    const back = await client.reconnect(token);
    const missed = await nextMessage(back, "coin", 5_000);
    expect(missed).toEqual(tossed);
    await Promise.all([back.leave(), watching.leave()]);
  });

  it("a forged reconnection token is refused and disturbs nobody", async () => {
    const dawit = await fundedPlayer(server, 20_00, 0, "Dawit Alemu");
    const { gameCode: code } = (await privateFlip(dawit.token)).body;
    const watching = await sdkClient(server, dawit.token).joinById(code);
    for (const forged of [`${code}:not-a-token`, `${code}:`, "nonsense"]) {
      const refused = await sdkClient(server, dawit.token)
        .reconnect(forged)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
    }
    expect(watching.connection.isOpen).toBe(true);
    await watching.leave();
  });
});

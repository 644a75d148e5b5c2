import { signUpPlayer, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

/**
 * The server pings every websocket every 3 s and drops one that missed two pings
 * (docs/realtime.md), a slice of the sockets at a time (realtime/heartbeat.ts): pinging a few
 * thousand sockets in one go stalled the joins in flight for tens of milliseconds.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Player = Awaited<ReturnType<typeof signUpPlayer>>;

/** A raw websocket seated in the player's own channel, as the SDK connects (ws, to see pings). */
async function channelSocket(player: Player, options: { autoPong: boolean }) {
  const seat = await server.call("POST", "/matchmake/joinOrCreate/player", {
    token: player.token,
    body: { userId: player.userId },
  });
  expect(seat.status).toBe(200);
  const { processId, roomId, sessionId } = seat.body;
  const url = `${server.url.replace(/^http/, "ws")}/${processId}/${roomId}?sessionId=${sessionId}&_authToken=${player.token}`;
  const socket = new WebSocket(url, options);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  return socket;
}

const nextPing = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once("ping", () => resolve(Date.now())));

describe("websocket pings", () => {
  it("reach the sockets spread over the 3 s interval, each socket every 3 s", async () => {
    // One player's channel open in 30 tabs: one socket in each of the 30 slices.
    const player = await signUpPlayer(server, "Abebe Kebede");
    const sockets = await Promise.all(
      Array.from({ length: 30 }, () => channelSocket(player, { autoPong: true })),
    );
    // Once every socket has had a ping, the next round's.
    await Promise.all(sockets.map(nextPing));
    const round = await Promise.all(sockets.map(nextPing));
    const next = await Promise.all(sockets.map(nextPing));
    // About 2.9 s from the first to the last; Colyseus' own pings all left in one callback.
    expect(Math.max(...round) - Math.min(...round)).toBeGreaterThan(1_500);
    for (const [i, at] of next.entries()) expect(at - round[i]!).toBeGreaterThan(2_000);
    for (const socket of sockets) socket.close();
  }, 45_000);

  it("drop a socket that stops answering them, after two", async () => {
    const socket = await channelSocket(await signUpPlayer(server, "Abebe Kebede"), {
      autoPong: false,
    });
    let pings = 0;
    socket.on("ping", () => pings++);
    const closedAt = await new Promise<number>((resolve) =>
      socket.once("close", () => resolve(Date.now())),
    );
    expect(pings).toBe(2);
    expect(closedAt).toBeGreaterThan(0);
  }, 45_000);
});

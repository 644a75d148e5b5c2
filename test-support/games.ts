import { randomUUID } from "node:crypto";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { createImageStore } from "@igp/game-server";
import { ROOMS } from "@igp/shared";
import { signInSuperAdmin, signUpPlayer, type TestServer } from "./http.ts";
import { pngImage } from "./images.ts";
import { approvedBankDeposit, ctx } from "./ledger.ts";

/**
 * A player with an approved bank deposit of `amountMinor` (and `bonusMinor` of bonus), its
 * proof a real stored image (the back office shows it).
 */
export async function fundedPlayer(
  server: TestServer,
  amountMinor: number,
  bonusMinor = 0,
  name = "Abebe Kebede",
) {
  const player = await signUpPlayer(server, name);
  await depositFor(server, player.userId, amountMinor);
  if (bonusMinor > 0)
    await server.platform.ledger.bonuses.grant(
      player.userId,
      randomUUID(),
      bonusMinor,
      ctx("superAdmin"),
    );
  return player;
}

/** A bank deposit of `amountMinor`, with its proof, approved for the player. */
export async function depositFor(server: TestServer, userId: string, amountMinor: number) {
  const uploads = createImageStore(path.join(server.platform.config.dataDir, "uploads"));
  const proof = await uploads.save(await pngImage());
  await approvedBankDeposit(server.platform.ledger, userId, amountMinor, proof);
}

/** An instant table of a game with the given bet (major units), created by the superAdmin. */
export async function instantTable(
  server: TestServer,
  type: "coin-flip" | "spin-wheel",
  betAmount: number,
): Promise<number> {
  const { token } = await signInSuperAdmin(server);
  const created = await server.call("POST", "/api/games/create", {
    token,
    body: { type, betAmount },
  });
  if (created.status !== 201) throw new Error(`table: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** A coin flip table with the given bet (major units), created by the superAdmin. */
export const coinFlipTable = (server: TestServer, betAmount: number) =>
  instantTable(server, "coin-flip", betAmount);

/** A spin wheel table with the given bet per number (major units). */
export const spinWheelTable = (server: TestServer, betAmount: number) =>
  instantTable(server, "spin-wheel", betAmount);

export async function balancesOf(server: Pick<TestServer, "call">, token: string) {
  const me = await server.call("GET", "/api/login/user", { token });
  return { main: me.body.mainBalance as number, bonus: me.body.bonusBalance as number };
}

/** An SDK client signed in with the player's token. */
export function sdkClient(server: TestServer, token: string) {
  const client = new Client(server.url);
  client.auth.token = token;
  return client;
}

/** Joins a round's room to watch it (room id = the round code). */
export function watchRound(server: TestServer, token: string, code: string): Promise<Room> {
  return sdkClient(server, token).joinById(code);
}

/** The next `type` message (that `matches`, when given) within `timeoutMs`. */
export function nextMessage<T = any>(
  room: Room,
  type: string,
  timeoutMs = 20_000,
  matches: (message: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${type}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    room.onMessage(type, (message: T) => {
      if (!matches(message)) return;
      clearTimeout(timer);
      resolve(message);
    });
  });
}

export function playerChannel(server: TestServer, player: { token: string; userId: string }) {
  return sdkClient(server, player.token).joinOrCreate(ROOMS.player, { userId: player.userId });
}

export const seed = () => randomUUID().replaceAll("-", "");

import { setPriority } from "node:os";
import { performance } from "node:perf_hooks";
import { Client } from "@colyseus/sdk";
import { ROOMS as ROOM_NAMES } from "@igp/shared";
import { inBatches } from "../measure.ts";
import type { Player, Round } from "./rounds.ts";
import { CONNECT_CONCURRENCY } from "./settings.ts";

/** Counts result messages (`coin`, `spin`); `reach` resolves true once there are `target`, false on timeout. */
export const coins = {
  received: 0,
  waiting: null as null | { target: number; resolve(reached: boolean): void },
  add() {
    this.received++;
    if (this.waiting && this.received >= this.waiting.target) this.waiting.resolve(true);
  },
  reach(target: number, timeoutMs: number): Promise<boolean> {
    if (this.received >= target) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiting = {
        target,
        resolve: (reached) => {
          clearTimeout(timer);
          this.waiting = null;
          resolve(reached);
        },
      };
    });
  },
};

/** One player's SDK client: its per-user channel, then the round's room (ids = round codes). */
export async function connect(url: string, player: Player, code: string) {
  const client = new Client(url);
  client.auth.token = player.token;
  player.client = client;
  let sent = performance.now();
  const channel = await client.joinOrCreate(ROOM_NAMES.player, { userId: player.userId });
  player.channelMs = performance.now() - sent;
  player.channel = channel;
  channel.onMessage("balanceUpdated", () => {
    player.balanceUpdates++;
  });
  channel.onMessage("*", () => {});
  channel.onDrop(() => {
    player.drops++;
  });
  sent = performance.now();
  const room = await client.joinById(code);
  player.joinByIdMs = performance.now() - sent;
  player.room = room;
  const result = () => {
    if (player.coinAt !== undefined) return;
    player.coinAt = performance.now();
    coins.add();
  };
  room.onMessage("coin", result);
  room.onMessage("spin", result);
  room.onMessage("*", () => {});
  room.onDrop(() => {
    player.drops++;
  });
}

/** This thread's nice value (raising it back needs the right to: root here; else it stays). */
export function yieldCores(nice: number) {
  try {
    setPriority(nice);
  } catch (error) {
    console.log(`  (nice ${nice} refused: ${String(error)})`);
  }
}

/**
 * Every player of an open round connects: its per-user channel, then its round's room. Returns
 * each seat, the players connected on both, and the failures (the first three printed).
 */
export async function connectPlayers(open: Round[], players: Player[]) {
  const seats = open.flatMap((round) =>
    [round.creator, round.joiner, ...round.watchers].map((player) => ({ player, round })),
  );
  let connectFailures = 0;
  await inBatches(seats, CONNECT_CONCURRENCY, async ({ player, round }) => {
    try {
      await connect(player.url!, player, round.code);
    } catch (error) {
      if (connectFailures++ < 3) console.log(`  connect failed: ${String(error)}`);
    }
  });
  const connected = players.filter(
    (p) => p.room?.connection.isOpen && p.channel?.connection.isOpen,
  );
  return { seats, connected, connectFailures };
}

import type { RoundGameType } from "@igp/shared";
import type { RoundGames } from "./round-games.ts";
import type { RegisteredRound, RoundRegistry } from "./round-registry.ts";

/** What became of a round recovery looked at. */
export type Recovered = "resumed" | "running" | "closed";

/**
 * What recovery asks of the rooms (realtime/round-rooms.ts implements it, wherever the rooms
 * run): the kernel resumes a round, the realtime layer gives it its room.
 */
export interface RoomsToRecover {
  isRunning(code: string): Promise<boolean>;
  /** Starts the room of a registered round whose stream is open (unless one runs already). */
  open(round: { roundId: string; code: string; game: RoundGameType }): Promise<void>;
}

/**
 * Brings back one registered round that is not over (docs/architecture.md), after a restart or
 * when its process died (round-failover.ts): an open round gets its room again (it re-arms its
 * deadline, or draws at once when its game says the seats call for it); a round whose stream
 * already ended only updates the registry. Settling and refunding are idempotent, so nothing is
 * paid twice.
 */
export async function recoverRound(
  registered: Pick<RegisteredRound, "roundId" | "code" | "game">,
  registry: RoundRegistry,
  games: RoundGames,
  rooms: RoomsToRecover,
): Promise<Recovered> {
  if (await rooms.isRunning(registered.code)) return "running";
  const rounds = games[registered.game];
  const loaded = await rounds.reload(registered.roundId);
  if (!loaded) return "closed";
  const { round, money } = loaded;
  if (money.status === "open" && money.stakes.length === 0) await rounds.expire(round);
  else if (money.status === "open") {
    await rooms.open(round);
    return "resumed";
  } else if (money.status === "settled") await rounds.settle(round);
  else if (money.status === "cancelled" || money.status === "refunding") await rounds.expire(round);
  else await registry.remove(round.roundId);
  return "closed";
}

import type { RoundRooms } from "../realtime/round-rooms.ts";
import type { CoinFlipRounds } from "./coin-flip/coin-flip-rounds.ts";

/**
 * After a restart (DESIGN.md section 5): every registered round that is not over is brought
 * back from its stream. An open round gets its room again (it re-arms its deadline, or flips
 * at once when both stakes are in); a round whose stream already ended only updates the
 * registry. Settling and refunding are idempotent, so nothing is paid twice.
 */
export async function recoverRounds(
  rounds: CoinFlipRounds,
  rooms: RoundRooms,
  log: (message: string, error?: unknown) => void,
): Promise<number> {
  let resumed = 0;
  for (const registered of await rounds.registry.open()) {
    try {
      if (await rooms.isRunning(registered.code)) continue;
      const loaded = await rounds.reload(registered.roundId);
      if (!loaded) continue;
      const { round, money } = loaded;
      if (money.status === "open" && money.stakes.length === 0) await rounds.expire(round);
      else if (money.status === "open") {
        await rooms.open(round.roundId);
        resumed++;
      } else if (money.status === "settled") await rounds.settle(round);
      else if (money.status === "cancelled") await rounds.expire(round);
      else await rounds.registry.remove(round.roundId);
    } catch (error) {
      log(`Could not recover round ${registered.code}.`, error);
    }
  }
  return resumed;
}

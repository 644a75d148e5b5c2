import type { RoundRooms } from "../../realtime/round-rooms.ts";
import type { RoundGames } from "./round-games.ts";
import type { RoundRegistry } from "./round-registry.ts";

/**
 * After a restart (DESIGN.md section 5): every registered round that is not over, of every game,
 * is brought back from its stream. An open round gets its room again (it re-arms its deadline,
 * or draws at once when its game says the seats call for it); a round whose stream already ended
 * only updates the registry. Settling and refunding are idempotent, so nothing is paid twice.
 */
export async function recoverRounds(
  registry: RoundRegistry,
  games: RoundGames,
  rooms: RoundRooms,
  log: (message: string, error?: unknown) => void,
): Promise<number> {
  let resumed = 0;
  for (const registered of await registry.open()) {
    try {
      if (await rooms.isRunning(registered.code)) continue;
      const rounds = games[registered.game];
      const loaded = await rounds.reload(registered.roundId);
      if (!loaded) continue;
      const { round, money } = loaded;
      if (money.status === "open" && money.stakes.length === 0) await rounds.expire(round);
      else if (money.status === "open") {
        await rooms.open(round);
        resumed++;
      } else if (money.status === "settled") await rounds.settle(round);
      else if (money.status === "cancelled" || money.status === "refunding")
        await rounds.expire(round);
      else await registry.remove(round.roundId);
    } catch (error) {
      log(`Could not recover round ${registered.code}.`, error);
    }
  }
  return resumed;
}

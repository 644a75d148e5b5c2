import { parseStreamId } from "@igp/ledger";
import type { Projector } from "../projector.ts";

/**
 * Lottery tickets: one row per stake a lottery round received (its number is the ticket's),
 * marked when it came back, and with its place once drawn (RoundSettled's draw.winners).
 */
export const lotteryTicketsProjector: Projector = {
  name: "lottery-tickets",
  tables: ["lottery_tickets", "lottery_rounds"],
  async apply(db, { event, streamId, metadata }) {
    if (!streamId.startsWith("round-")) return;
    const roundId = parseStreamId(streamId).id;
    if (event.type === "RoundOpened") {
      if (event.data.game === "lottery")
        await db.query("INSERT INTO lottery_rounds (round_id) VALUES ($1)", [roundId]);
      games.set(roundId, event.data.game === "lottery");
      return;
    }
    if (!(await isLottery(db, roundId))) return;
    switch (event.type) {
      case "StakeReceived": {
        const { number, userId, transferId, amount, selection } = event.data;
        await db.query(
          `INSERT INTO lottery_tickets (round_id, number, user_id, transfer_id, amount, client_seed, bought_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            roundId,
            number,
            userId,
            transferId,
            amount,
            String(selection?.clientSeed ?? ""),
            metadata.occurredAt,
          ],
        );
        return;
      }
      case "StakeReturned":
        await db.query("UPDATE lottery_tickets SET status = 'returned' WHERE transfer_id = $1", [
          event.data.stakeTransferId,
        ]);
        return;
      case "StakesRefunded":
      case "RoundCancelled":
        await db.query(
          "UPDATE lottery_tickets SET status = 'refunded' WHERE round_id = $1 AND status = 'held'",
          [roundId],
        );
        return;
      case "RoundSettled": {
        const winners = (event.data.draw?.winners ?? []) as { place: number; ticket: number }[];
        for (const winner of winners)
          await db.query(
            "UPDATE lottery_tickets SET place = $3 WHERE round_id = $1 AND number = $2",
            [roundId, winner.ticket, winner.place],
          );
        return;
      }
      default:
        return;
    }
  },
};

/** Whether each round seen is a lottery (a round's game never changes): one query per round. */
const games = new Map<string, boolean>();

async function isLottery(db: Parameters<Projector["apply"]>[0], roundId: string) {
  const known = games.get(roundId);
  if (known !== undefined) return known;
  const { rowCount } = await db.query("SELECT 1 FROM lottery_rounds WHERE round_id = $1", [
    roundId,
  ]);
  if (games.size > 100_000) games.clear();
  games.set(roundId, rowCount === 1);
  return rowCount === 1;
}

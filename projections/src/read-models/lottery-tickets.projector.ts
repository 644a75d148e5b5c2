import { parseStreamId } from "@igp/ledger";
import { type Accumulator, columns, type ProjectionDb } from "../projection-db.ts";
import type { Projector } from "../projector.ts";

interface NewTicket {
  roundId: string;
  number: number | null;
  userId: string;
  amount: number;
  clientSeed: string;
  boughtAt: string;
}

/** The batch's tickets in one insert (keyed by their stake's transfer id, each seen once). */
const newTickets: Accumulator<NewTicket> = {
  name: "lottery_tickets",
  merge: (_, later) => later,
  write: (db, tickets) =>
    db.query(
      `INSERT INTO lottery_tickets
         (transfer_id, round_id, number, user_id, amount, client_seed, bought_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::bigint[],
         $6::text[], $7::timestamptz[])`,
      columns(tickets, ["roundId", "number", "userId", "amount", "clientSeed", "boughtAt"]),
    ),
};

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
        db.accumulate(newTickets, transferId, {
          roundId,
          number: number ?? null,
          userId,
          amount,
          clientSeed: String(selection?.clientSeed ?? ""),
          boughtAt: metadata.occurredAt,
        });
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

async function isLottery(db: ProjectionDb, roundId: string) {
  const known = games.get(roundId);
  if (known !== undefined) return known;
  const { rowCount } = await db.query("SELECT 1 FROM lottery_rounds WHERE round_id = $1", [
    roundId,
  ]);
  if (games.size > 100_000) games.clear();
  games.set(roundId, rowCount === 1);
  return rowCount === 1;
}

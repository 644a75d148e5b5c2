import { parseStreamId } from "@igp/ledger";
import { type Accumulator, columns } from "../projection-db.ts";
import type { Projector } from "../projector.ts";

interface StakeChange {
  stakes: number;
  players: number;
}

/** Stakes received and returned, summed per round over the batch (a lottery takes thousands). */
const stakeChanges: Accumulator<StakeChange> = {
  name: "rounds.stakes",
  merge: (a, b) => ({ stakes: a.stakes + b.stakes, players: a.players + b.players }),
  write: (db, changes) =>
    db.query(
      `UPDATE rounds r SET stakes = r.stakes + c.stakes, players = r.players + c.players
         FROM unnest($1::text[], $2::bigint[], $3::int[]) AS c (id, stakes, players)
        WHERE r.id = c.id`,
      columns(changes, ["stakes", "players"]),
    ),
};

/** Rounds with their status, pot and players (stakes returned to late joiners excluded). */
export const roundsProjector: Projector = {
  name: "rounds",
  tables: ["rounds"],
  async apply(db, { event, streamId, metadata }) {
    const id = parseStreamId(streamId).id;
    const at = metadata.occurredAt;
    switch (event.type) {
      case "RoundOpened":
        await db.query(
          "INSERT INTO rounds (id, game, bet_amount, status, opened_at) VALUES ($1, $2, $3, 'open', $4)",
          [id, event.data.game, event.data.betAmount, at],
        );
        return;
      case "StakeReceived":
        db.accumulate(stakeChanges, id, { stakes: event.data.amount, players: 1 });
        return;
      case "StakeReturned":
        db.accumulate(stakeChanges, id, { stakes: -event.data.transfer.amount, players: -1 });
        return;
      case "RoundSettled":
        await db.query(
          "UPDATE rounds SET status = 'settled', house_cut = $2, closed_at = $3 WHERE id = $1",
          [id, event.data.houseCut, at],
        );
        return;
      case "RoundCancelled":
        await db.query("UPDATE rounds SET status = 'cancelled', closed_at = $2 WHERE id = $1", [
          id,
          at,
        ]);
        return;
      default:
        return;
    }
  },
};

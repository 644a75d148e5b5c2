import { parseStreamId } from "@igp/ledger";
import type { Projector } from "../projector.ts";

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
        await db.query(
          "UPDATE rounds SET stakes = stakes + $2, players = players + 1 WHERE id = $1",
          [id, event.data.amount],
        );
        return;
      case "StakeReturned":
        await db.query(
          "UPDATE rounds SET stakes = stakes - $2, players = players - 1 WHERE id = $1",
          [id, event.data.transfer.amount],
        );
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

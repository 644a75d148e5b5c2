import { parseStreamId } from "@igp/ledger";
import { type Accumulator, columns } from "../projection-db.ts";
import type { Projector } from "../projector.ts";

/**
 * What a batch's events change in one round's row: its opening (game, bet, time), the stakes
 * received and returned (summed), its closing (status, house cut, time).
 */
interface RoundRowChange {
  game: string | null;
  betAmount: number | null;
  status: "open" | "settled" | "cancelled" | null;
  stakes: number;
  players: number;
  houseCut: number | null;
  openedAt: string | null;
  closedAt: string | null;
}

const NO_CHANGE: RoundRowChange = {
  game: null,
  betAmount: null,
  status: null,
  stakes: 0,
  players: 0,
  houseCut: null,
  openedAt: null,
  closedAt: null,
};

/**
 * A batch's changes per round folded into one: rounds opened in the batch are inserted whole
 * (their stakes and closing included), the others updated, in two statements for the batch
 * (a lottery takes thousands of stakes, a busy minute settles hundreds of rounds).
 */
const roundRows: Accumulator<RoundRowChange> = {
  name: "rounds",
  merge: (a, b) => ({
    game: b.game ?? a.game,
    betAmount: b.betAmount ?? a.betAmount,
    status: b.status ?? a.status,
    stakes: a.stakes + b.stakes,
    players: a.players + b.players,
    houseCut: b.houseCut ?? a.houseCut,
    openedAt: b.openedAt ?? a.openedAt,
    closedAt: b.closedAt ?? a.closedAt,
  }),
  async write(db, changes) {
    const opened = new Map([...changes].filter(([, change]) => change.game !== null));
    const others = new Map([...changes].filter(([, change]) => change.game === null));
    const fields: (keyof RoundRowChange)[] = [
      "game",
      "betAmount",
      "status",
      "stakes",
      "players",
      "houseCut",
      "openedAt",
      "closedAt",
    ];
    if (opened.size > 0)
      await db.query(
        `INSERT INTO rounds (id, game, bet_amount, status, stakes, players, house_cut, opened_at, closed_at)
         SELECT id, game, bet, status, stakes, players, coalesce(cut, 0), opened, closed
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::int[],
             $7::bigint[], $8::timestamptz[], $9::timestamptz[])
             AS c (id, game, bet, status, stakes, players, cut, opened, closed)`,
        columns(opened, fields),
      );
    if (others.size > 0)
      await db.query(
        `UPDATE rounds r SET stakes = r.stakes + c.stakes, players = r.players + c.players,
           status = coalesce(c.status, r.status), house_cut = coalesce(c.cut, r.house_cut),
           closed_at = coalesce(c.closed, r.closed_at)
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::bigint[],
             $6::timestamptz[]) AS c (id, status, stakes, players, cut, closed)
          WHERE r.id = c.id`,
        columns(others, ["status", "stakes", "players", "houseCut", "closedAt"]),
      );
  },
};

/** Rounds with their status, pot and players (stakes returned to late joiners excluded). */
export const roundsProjector: Projector = {
  name: "rounds",
  tables: ["rounds"],
  async apply(db, { event, streamId, metadata }) {
    const id = parseStreamId(streamId).id;
    const at = metadata.occurredAt;
    const change = (changed: Partial<RoundRowChange>) =>
      db.accumulate(roundRows, id, { ...NO_CHANGE, ...changed });
    switch (event.type) {
      case "RoundOpened":
        return change({
          game: event.data.game,
          betAmount: event.data.betAmount,
          status: "open",
          openedAt: at,
        });
      case "StakeReceived":
        return change({ stakes: event.data.amount, players: 1 });
      case "StakeReturned":
        return change({ stakes: -event.data.transfer.amount, players: -1 });
      case "RoundSettled":
        return change({ status: "settled", houseCut: event.data.houseCut, closedAt: at });
      case "RoundCancelled":
        return change({ status: "cancelled", closedAt: at });
      default:
        return;
    }
  },
};

import { type Accumulator, columns, roundClosed } from "../projection-db.ts";
import type { Projector } from "../projector.ts";
import {
  type AgentMovement,
  mergeRoundChanges,
  type RoundChange,
  reportChangeOf,
  type WalletMovement,
} from "./report-changes.ts";
import { addRoundsPlayers, ROUND_DAYS_DELTA, summaryZone } from "./report-days.ts";

/**
 * The operator's reports: a row per round (its money, by the day it closed), every movement of
 * each player's wallet and of each agent's float. All gathered per batch and written in one
 * statement per table, so a rebuild of millions of events costs a few statements per batch.
 * The games report's daily summaries (report-days.ts) move in the same statements, and a
 * closing round adds its players to its day's set.
 */
export const reportsProjector: Projector = {
  name: "reports",
  tables: [
    "report_rounds",
    "report_wallet_movements",
    "report_agent_movements",
    "report_game_days",
    "report_player_days",
  ],
  async apply(db, projected) {
    const change = reportChangeOf({
      streamId: projected.streamId,
      revision: projected.revision,
      at: projected.metadata.occurredAt,
      event: projected.event,
    });
    if (!change) return;
    if ("round" in change) {
      db.accumulate(roundChanges, change.roundId, change.round);
      // After its round row and its game history rows are written (stage 1).
      if (change.round.closedAt) {
        db.accumulate(closedRounds, change.roundId, { closedAt: change.round.closedAt });
        db.note(roundClosed(change.roundId));
      }
    } else if ("wallet" in change)
      db.accumulate(walletMovements, `${change.wallet.userId}/${change.wallet.revision}`, {
        ...change.wallet,
      });
    else
      db.accumulate(agentMovements, `${change.agent.agentId}/${change.agent.revision}`, {
        ...change.agent,
      });
  },
};

const roundChanges: Accumulator<RoundChange> = {
  name: "report_rounds",
  merge: mergeRoundChanges,
  write: async (db, changes, batch) => {
    const zone = await batch.once("summaryZone", () => summaryZone(db));
    const values = columns(changes, [
      "game",
      "tableId",
      "code",
      "title",
      "status",
      "stakes",
      "seats",
      "payouts",
      "houseCut",
      "prizes",
      "refunds",
      "openedAt",
      "closedAt",
    ]);
    // The rows before (closed ones leave their days) and after (closed ones join them).
    return db.query(
      `WITH old AS (
         SELECT * FROM report_rounds
          WHERE id = ANY($1::text[]) AND closed_at IS NOT NULL AND game IS NOT NULL
       ),
       new AS (INSERT INTO report_rounds AS r (id, game, table_id, code, title, status, stakes, seats,
         payouts, house_cut, prizes, refunds, opened_at, closed_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[],
         $7::bigint[], $8::int[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[],
         $13::timestamptz[], $14::timestamptz[])
       ON CONFLICT (id) DO UPDATE SET game = coalesce(EXCLUDED.game, r.game),
         table_id = coalesce(EXCLUDED.table_id, r.table_id), code = coalesce(EXCLUDED.code, r.code),
         title = coalesce(EXCLUDED.title, r.title), status = coalesce(EXCLUDED.status, r.status),
         stakes = r.stakes + EXCLUDED.stakes, seats = r.seats + EXCLUDED.seats,
         payouts = r.payouts + EXCLUDED.payouts, house_cut = r.house_cut + EXCLUDED.house_cut,
         prizes = r.prizes + EXCLUDED.prizes, refunds = r.refunds + EXCLUDED.refunds,
         opened_at = coalesce(EXCLUDED.opened_at, r.opened_at),
         closed_at = coalesce(EXCLUDED.closed_at, r.closed_at)
       RETURNING r.*),
       ${ROUND_DAYS_DELTA.replaceAll("$ZONE", "$15")}`,
      [...values, zone],
    );
  },
};

/** Rounds closed in the batch: their players join their days' sets, in one statement. */
const closedRounds: Accumulator<{ closedAt: string }> = {
  name: "report_player_days",
  stage: 1,
  merge: (_, later) => later,
  write: async (db, closed, batch) =>
    addRoundsPlayers(db, closed, await batch.once("summaryZone", () => summaryZone(db))),
};

/** Movements are new rows, one per event: keyed by stream and revision, never merged. */
const walletMovements: Accumulator<WalletMovement> = {
  name: "report_wallet_movements",
  merge: (_earlier, later) => later,
  write: (db, changes) =>
    db.query(
      `INSERT INTO report_wallet_movements (user_id, revision, occurred_at, kind, main, bonus, reference)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::text[], $5::bigint[],
         $6::bigint[], $7::text[])`,
      columns(changes, ["userId", "revision", "at", "kind", "main", "bonus", "reference"]).slice(1),
    ),
};

const agentMovements: Accumulator<AgentMovement> = {
  name: "report_agent_movements",
  merge: (_earlier, later) => later,
  write: (db, changes) =>
    db.query(
      `INSERT INTO report_agent_movements (agent_id, revision, occurred_at, kind, amount, reference)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::text[], $5::bigint[],
         $6::text[])`,
      columns(changes, ["agentId", "revision", "at", "kind", "amount", "reference"]).slice(1),
    ),
};

import { parseStreamId, type Transfer } from "@igp/ledger";
import { type Accumulator, columns, type ProjectionDb, roundClosed } from "../projection-db.ts";
import type { Projector } from "../projector.ts";
import {
  codeOf,
  creditsByPlayer,
  type Pick,
  picksOf,
  placesByPlayer,
} from "./game-history.rules.ts";

/**
 * The players' game history: a row per player per round of every game (a lottery's tickets of
 * one player in one row), with the stakes held, their picks, the payouts and prizes (chunks
 * included), the refunds of a cancellation and the outcome. A returned stake takes itself back.
 */
export const gameHistoryProjector: Projector = {
  name: "game-history",
  tables: ["player_game_history", "game_history_rounds"],
  async apply(db, { event, streamId, metadata }) {
    if (!streamId.startsWith("round-")) return;
    const roundId = parseStreamId(streamId).id;
    const at = metadata.occurredAt;
    switch (event.type) {
      case "RoundOpened": {
        const round = { game: event.data.game, code: codeOf(event.data.details) };
        db.accumulate(openedRounds, roundId, round);
        remember(roundId, round);
        return;
      }
      case "StakeReceived": {
        const { transferId, userId, amount } = event.data;
        // A stake after the round closed (it goes back at once) must not count in the closing.
        if (db.noted(roundClosed(roundId))) await db.flush();
        const round = await roundOf(db, roundId);
        if (!round) return;
        db.accumulate(stakesHeld, `${roundId}/${userId}`, {
          roundId,
          userId,
          ...round,
          stake: amount,
          picks: { [transferId]: picksOf(round.game, event.data) },
          playedAt: at,
        });
        return;
      }
      case "StakeReturned": {
        const { transfer, stakeTransferId } = event.data;
        const userId = parseStreamId(transfer.to).id;
        await db.query(
          `UPDATE player_game_history SET stake = stake - $4, picks = picks - $3::text
            WHERE round_id = $1 AND user_id = $2 AND picks ? $3::text`,
          [roundId, userId, stakeTransferId, transfer.amount],
        );
        await db.query(
          "DELETE FROM player_game_history WHERE round_id = $1 AND user_id = $2 AND picks = '{}'",
          [roundId, userId],
        );
        return;
      }
      case "RoundPaid":
        await credit(db, roundId, "payout", [...event.data.payouts, ...event.data.prizes]);
        return;
      case "RoundSettled":
        db.note(roundClosed(roundId));
        db.accumulate(settlements, roundId, {
          credits: creditsByPlayer([...event.data.payouts, ...event.data.prizes]),
          places: placesByPlayer(event.data.draw),
          settledAt: at,
          // Opened since the last write, so every row of the round is gathered, none written:
          // they are written once, settled (stakesHeld), instead of inserted then updated.
          withItsStakes: db.gathered(openedRounds, roundId) !== undefined,
        });
        return;
      case "StakesRefunded":
        await credit(db, roundId, "refunded", event.data.refunds);
        return;
      case "RoundCancelled":
        await credit(db, roundId, "refunded", event.data.refunds);
        await db.query(
          "UPDATE player_game_history SET outcome = 'refunded', settled_at = $2 WHERE round_id = $1",
          [roundId, at],
        );
        return;
      default:
        return;
    }
  },
};

interface StakesHeld extends HistoryRound {
  roundId: string;
  userId: string;
  stake: number;
  /** Each stake's picks, by its transfer id (a returned stake takes its own back). */
  picks: Record<string, Pick[]>;
  playedAt: string;
}

/**
 * A batch's stakes gathered per player and round (a lottery sells many tickets a second). A row
 * whose round opened and settled in the batch (Settlement.withItsStakes) is written settled:
 * its payout, places and outcome as the settlement's three updates would make them.
 */
const stakesHeld: Accumulator<StakesHeld> = {
  name: "player_game_history",
  merge: (a, b) => ({ ...a, stake: a.stake + b.stake, picks: { ...a.picks, ...b.picks } }),
  write: (db, changes, batch) => {
    const rows = [...changes.values()].map((row) => {
      const settlement = batch.gathered(settlements, row.roundId);
      return settlement?.withItsStakes ? settledRow(row, settlement) : { ...row, ...UNSETTLED };
    });
    const column = <K extends keyof SettledStakes>(key: K) => rows.map((row) => row[key]);
    return db.query(
      `INSERT INTO player_game_history
         (round_id, user_id, game, code, stake, picks, played_at, payout, places, outcome, settled_at)
       SELECT round_id, user_id, game, code, stake, picks, played_at, payout, places::int[],
              outcome, settled_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::jsonb[],
           $7::timestamptz[], $8::bigint[], $9::text[], $10::text[], $11::timestamptz[])
           AS s (round_id, user_id, game, code, stake, picks, played_at, payout, places, outcome,
             settled_at)
       ON CONFLICT (round_id, user_id) DO UPDATE SET
         stake = player_game_history.stake + EXCLUDED.stake,
         picks = player_game_history.picks || EXCLUDED.picks`,
      [
        column("roundId"),
        column("userId"),
        column("game"),
        column("code"),
        column("stake"),
        rows.map((row) => JSON.stringify(row.picks)),
        column("playedAt"),
        column("payout"),
        rows.map((row) => `{${row.places.join(",")}}`),
        column("outcome"),
        column("settledAt"),
      ],
    );
  },
};

interface SettledStakes extends StakesHeld {
  payout: number;
  places: number[];
  outcome: "open" | "won" | "lost";
  settledAt: string | null;
}

/** A row as the table's defaults leave it until its round closes. */
const UNSETTLED = { payout: 0, places: [], outcome: "open", settledAt: null } as const;

/** The settlement's updates (settlements.write) made on a row not yet written. */
function settledRow(row: StakesHeld, settlement: Settlement): SettledStakes {
  const payout = settlement.credits.get(row.userId) ?? 0;
  const places = settlement.places.get(row.userId) ?? [];
  const won = payout > 0 || places.length > 0;
  return { ...row, payout, places, outcome: won ? "won" : "lost", settledAt: settlement.settledAt };
}

/** Adds each player's share of the transfers (one chunk of a settlement or a refund) to a column. */
async function credit(
  db: ProjectionDb,
  roundId: string,
  column: "payout" | "refunded",
  transfers: Transfer[],
) {
  const credits = creditsByPlayer(transfers);
  if (credits.size === 0) return;
  await db.query(
    `UPDATE player_game_history h SET ${column} = h.${column} + c.amount
       FROM unnest($2::text[], $3::bigint[]) AS c(user_id, amount)
      WHERE h.round_id = $1 AND h.user_id = c.user_id`,
    [roundId, [...credits.keys()], [...credits.values()]],
  );
}

/** Rounds opened in the batch, inserted in one statement. */
const openedRounds: Accumulator<HistoryRound> = {
  name: "game_history_rounds",
  merge: (_, later) => later,
  write: (db, rounds) =>
    db.query(
      `INSERT INTO game_history_rounds (round_id, game, code)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
      columns(rounds, ["game", "code"]),
    ),
};

interface Settlement {
  /** Payouts and prizes per player (a lottery's earlier RoundPaid chunks are written already). */
  credits: Map<string, number>;
  places: Map<string, number[]>;
  settledAt: string;
  /** Its rows are all gathered in the batch, none written yet: stakesHeld writes them settled. */
  withItsStakes: boolean;
}

/**
 * The batch's settled rounds, written after the stakes they settle (stage 1): the payouts, the
 * lottery places, then each row's outcome, three statements for all of them.
 */
const settlements: Accumulator<Settlement> = {
  name: "player_game_history.settled",
  stage: 1,
  merge: (_, later) => later,
  async write(db, gathered) {
    const changes = new Map([...gathered].filter(([, settlement]) => !settlement.withItsStakes));
    if (changes.size === 0) return;
    const perPlayer = <T>(pick: (s: Settlement) => Map<string, T>) => {
      const rows = [...changes].flatMap(([roundId, s]) =>
        [...pick(s)].map(([userId, value]) => [roundId, userId, value] as const),
      );
      return [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])];
    };
    const credits = perPlayer((s) => s.credits);
    if (credits[0]!.length > 0)
      await db.query(
        `UPDATE player_game_history h SET payout = h.payout + c.amount
           FROM unnest($1::text[], $2::text[], $3::bigint[]) AS c (round_id, user_id, amount)
          WHERE h.round_id = c.round_id AND h.user_id = c.user_id`,
        credits,
      );
    const places = perPlayer((s) => s.places);
    if (places[0]!.length > 0)
      await db.query(
        `UPDATE player_game_history h SET places = c.places::int[]
           FROM unnest($1::text[], $2::text[], $3::text[]) AS c (round_id, user_id, places)
          WHERE h.round_id = c.round_id AND h.user_id = c.user_id`,
        [places[0], places[1], places[2]!.map((won) => `{${(won as number[]).join(",")}}`)],
      );
    await db.query(
      `UPDATE player_game_history h
          SET outcome = CASE WHEN h.payout > 0 OR cardinality(h.places) > 0 THEN 'won' ELSE 'lost' END,
              settled_at = c.settled_at
         FROM unnest($1::text[], $2::timestamptz[]) AS c (round_id, settled_at)
        WHERE h.round_id = c.round_id`,
      columns(changes, ["settledAt"]),
    );
  },
};

interface HistoryRound {
  game: string;
  code: string | null;
}

/** Each round's game and code (never changing) as last read: a stake need not read them again. */
const rounds = new Map<string, HistoryRound>();

function remember(roundId: string, round: HistoryRound) {
  if (rounds.size > 100_000) rounds.clear();
  rounds.set(roundId, round);
}

/**
 * The round's game and code; null for a round opened before this read model existed (an upgraded
 * installation until `npm run rebuild-projections`): its stakes wait for the rebuild rather than
 * stop every projection.
 */
async function roundOf(db: ProjectionDb, roundId: string): Promise<HistoryRound | null> {
  const known = rounds.get(roundId);
  if (known) return known;
  const { rows } = await db.query<HistoryRound>(
    "SELECT game, code FROM game_history_rounds WHERE round_id = $1",
    [roundId],
  );
  if (rows[0]) remember(roundId, rows[0]);
  return rows[0] ?? null;
}

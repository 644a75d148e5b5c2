import { evolveHouse, initialHouse, parseStreamId } from "@igp/ledger";
import { type Accumulator, columns, type ProjectionDb } from "../projection-db.ts";
import type { ProjectedEvent, Projector } from "../projector.ts";

/**
 * Player balances (main, bonus, held by pending withdrawals), agent floats and the house: its
 * balance, and the same per day (UTC) for the dashboard's house revenue over a period.
 */
export const balancesProjector: Projector = {
  name: "balances",
  tables: ["player_balances", "agent_balances", "house_balance", "house_days"],
  async apply(db, projected) {
    const { event, streamId, metadata } = projected;
    const at = metadata.occurredAt;
    const owner = parseStreamId(streamId).id;
    switch (event.type) {
      case "WalletCredited":
        return addToPlayer(db, owner, { main: event.data.main, bonus: event.data.bonus }, at);
      case "BonusGranted":
        return addToPlayer(db, owner, { bonus: event.data.amount }, at);
      case "StakePlaced":
      case "WithdrawalHeld":
        return addToPlayer(
          db,
          owner,
          { main: -event.data.fromMain, bonus: -event.data.fromBonus },
          at,
        );
      case "WithdrawalRequested":
        rememberHold(owner, { userId: event.data.userId, amount: event.data.amount });
        return addToPlayer(db, event.data.userId, { held: event.data.amount }, at);
      case "WithdrawalApproved":
      case "WithdrawalDisapproved":
        await releaseHold(db, owner, at);
        if (event.type === "WithdrawalApproved") await addToHouse(db, projected);
        return;
      case "AgentFloatCredited":
        return addToAgent(db, owner, event.data.amount, at);
      case "AgentDepositFunded":
        return addToAgent(db, owner, -event.data.transfer.amount, at);
      case "RoundPaid":
      case "RoundSettled":
      case "ChargeApproved":
        return addToHouse(db, projected);
      default:
        return;
    }
  },
};

interface PlayerChange {
  main: number;
  bonus: number;
  held: number;
  at: string;
}

/** Each player's balances moved by the sum of the batch's changes (one upsert for all). */
const playerChanges: Accumulator<PlayerChange> = {
  name: "player_balances",
  merge: (a, b) => ({
    main: a.main + b.main,
    bonus: a.bonus + b.bonus,
    held: a.held + b.held,
    at: b.at,
  }),
  write: (db, changes) =>
    db.query(
      `INSERT INTO player_balances (user_id, main, bonus, held, updated_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::timestamptz[])
       ON CONFLICT (user_id) DO UPDATE SET main = player_balances.main + EXCLUDED.main,
         bonus = player_balances.bonus + EXCLUDED.bonus, held = player_balances.held + EXCLUDED.held,
         updated_at = EXCLUDED.updated_at`,
      columns(changes, ["main", "bonus", "held", "at"]),
    ),
};

function addToPlayer(
  db: ProjectionDb,
  userId: string,
  delta: { main?: number; bonus?: number; held?: number },
  at: string,
) {
  db.accumulate(playerChanges, userId, {
    main: delta.main ?? 0,
    bonus: delta.bonus ?? 0,
    held: delta.held ?? 0,
    at,
  });
}

interface Hold {
  userId: string;
  amount: number;
}

/**
 * Each withdrawal's player and amount as its request said (they never change), until it is
 * decided: the decision releases the hold with the batch's other changes of that player, rather
 * than by a statement of its own, which would first write everything the batch gathered.
 */
const holds = new Map<string, Hold>();

function rememberHold(withdrawalId: string, hold: Hold) {
  if (holds.size > 100_000) holds.clear();
  holds.set(withdrawalId, hold);
}

/**
 * A decided withdrawal no longer holds its amount (it was paid, or released to main/bonus). One
 * requested before this process saw it is read from its request's row.
 */
async function releaseHold(db: ProjectionDb, withdrawalId: string, at: string) {
  const hold = holds.get(withdrawalId);
  if (hold) {
    holds.delete(withdrawalId);
    return addToPlayer(db, hold.userId, { held: -hold.amount }, at);
  }
  await db.query(
    `UPDATE player_balances p SET held = p.held - w.amount, updated_at = $2
       FROM withdrawal_requests w WHERE w.id = $1 AND p.user_id = w.user_id`,
    [withdrawalId, at],
  );
}

interface AgentChange {
  float: number;
  at: string;
}

const agentChanges: Accumulator<AgentChange> = {
  name: "agent_balances",
  merge: (a, b) => ({ float: a.float + b.float, at: b.at }),
  write: (db, changes) =>
    db.query(
      `INSERT INTO agent_balances (agent_id, float, updated_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[])
       ON CONFLICT (agent_id) DO UPDATE SET float = agent_balances.float + EXCLUDED.float,
         updated_at = EXCLUDED.updated_at`,
      columns(changes, ["float", "at"]),
    ),
};

function addToAgent(db: ProjectionDb, agentId: string, delta: number, at: string) {
  db.accumulate(agentChanges, agentId, { float: delta, at });
}

type HouseChange = ReturnType<typeof evolveHouse> & { at: string };

/** The house's one row, moved by the batch's sum. */
const houseChanges: Accumulator<HouseChange> = {
  name: "house_balance",
  merge: (a, b) => ({
    roundCuts: a.roundCuts + b.roundCuts,
    withdrawalFees: a.withdrawalFees + b.withdrawalFees,
    prizesPaid: a.prizesPaid + b.prizesPaid,
    agentAdvances: a.agentAdvances + b.agentAdvances,
    balance: a.balance + b.balance,
    at: b.at,
  }),
  write: async (db, changes) => {
    const house = changes.get(HOUSE)!;
    await db.query(
      `INSERT INTO house_balance
         (id, round_cuts, withdrawal_fees, prizes_paid, agent_advances, balance, updated_at)
       VALUES (1, $1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET round_cuts = house_balance.round_cuts + EXCLUDED.round_cuts,
         withdrawal_fees = house_balance.withdrawal_fees + EXCLUDED.withdrawal_fees,
         prizes_paid = house_balance.prizes_paid + EXCLUDED.prizes_paid,
         agent_advances = house_balance.agent_advances + EXCLUDED.agent_advances,
         balance = house_balance.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at`,
      [
        house.roundCuts,
        house.withdrawalFees,
        house.prizesPaid,
        house.agentAdvances,
        house.balance,
        house.at,
      ],
    );
  },
};
const HOUSE = "house";

/** Each day's house figures, moved by the batch's sums of that day. */
const houseDayChanges: Accumulator<HouseChange> = {
  name: "house_days",
  merge: houseChanges.merge,
  write: (db, changes) =>
    db.query(
      `INSERT INTO house_days (day, round_cuts, withdrawal_fees, prizes_paid, agent_advances, balance)
       SELECT * FROM unnest($1::date[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[],
         $6::bigint[])
       ON CONFLICT (day) DO UPDATE SET round_cuts = house_days.round_cuts + EXCLUDED.round_cuts,
         withdrawal_fees = house_days.withdrawal_fees + EXCLUDED.withdrawal_fees,
         prizes_paid = house_days.prizes_paid + EXCLUDED.prizes_paid,
         agent_advances = house_days.agent_advances + EXCLUDED.agent_advances,
         balance = house_days.balance + EXCLUDED.balance`,
      columns(changes, ["roundCuts", "withdrawalFees", "prizesPaid", "agentAdvances", "balance"]),
    ),
};

function addToHouse(db: ProjectionDb, { event, metadata }: ProjectedEvent) {
  const change = { ...evolveHouse(initialHouse(), event), at: metadata.occurredAt };
  db.accumulate(houseChanges, HOUSE, change);
  db.accumulate(houseDayChanges, houseDay(metadata.occurredAt), change);
}

/** The UTC day (YYYY-MM-DD) of an event's time. */
export const houseDay = (occurredAt: string) => new Date(occurredAt).toISOString().slice(0, 10);

import { evolveHouse, initialHouse, parseStreamId } from "@igp/ledger";
import type pg from "pg";
import type { ProjectedEvent, Projector } from "../projector.ts";

/** Player balances (main, bonus, held by pending withdrawals), agent floats and the house. */
export const balancesProjector: Projector = {
  name: "balances",
  tables: ["player_balances", "agent_balances", "house_balance"],
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

async function addToPlayer(
  db: pg.ClientBase,
  userId: string,
  delta: { main?: number; bonus?: number; held?: number },
  at: string,
) {
  await db.query(
    `INSERT INTO player_balances (user_id, main, bonus, held, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET main = player_balances.main + EXCLUDED.main,
       bonus = player_balances.bonus + EXCLUDED.bonus, held = player_balances.held + EXCLUDED.held,
       updated_at = EXCLUDED.updated_at`,
    [userId, delta.main ?? 0, delta.bonus ?? 0, delta.held ?? 0, at],
  );
}

/** A decided withdrawal no longer holds its amount (it was paid, or released to main/bonus). */
async function releaseHold(db: pg.ClientBase, withdrawalId: string, at: string) {
  await db.query(
    `UPDATE player_balances p SET held = p.held - w.amount, updated_at = $2
       FROM withdrawal_requests w WHERE w.id = $1 AND p.user_id = w.user_id`,
    [withdrawalId, at],
  );
}

async function addToAgent(db: pg.ClientBase, agentId: string, delta: number, at: string) {
  await db.query(
    `INSERT INTO agent_balances (agent_id, float, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (agent_id) DO UPDATE SET float = agent_balances.float + EXCLUDED.float,
       updated_at = EXCLUDED.updated_at`,
    [agentId, delta, at],
  );
}

async function addToHouse(db: pg.ClientBase, { event, metadata }: ProjectedEvent) {
  const delta = evolveHouse(initialHouse(), event);
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
      delta.roundCuts,
      delta.withdrawalFees,
      delta.prizesPaid,
      delta.agentAdvances,
      delta.balance,
      metadata.occurredAt,
    ],
  );
}

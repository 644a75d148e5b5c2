import { type EventMetadata, parseLedgerEvent, type RecordedEvent } from "@igp/ledger";
import type pg from "pg";
import type { ReadModelSnapshot } from "../audit/expected-read-models.ts";
import { mergeRoundChanges, type RoundChange, reportChangeOf } from "./report-changes.ts";

/** A round's money as the audit compares it. */
type RoundMoney = Pick<
  RoundChange,
  "stakes" | "seats" | "payouts" | "houseCut" | "prizes" | "refunds" | "status"
>;
interface Sums {
  main: number;
  bonus: number;
  movements: number;
}

/** What the reports' tables hold, read in the audit's snapshot. */
export interface ReportModels {
  rounds: Map<string, RoundMoney>;
  wallets: Map<string, Sums>;
  agents: Map<string, { amount: number; movements: number }>;
}

/**
 * The reports' tables folded in memory from the events up to the projections' checkpoint, and
 * held to what the ledger says apart from them: every closed round's stakes are its payouts,
 * house cut and refunds; the rounds' cuts less prizes are the house's round money; each
 * player's movements add up to its wallet, each agent's to its float.
 */
export class ExpectedReports {
  private readonly rounds = new Map<string, RoundChange>();
  private readonly wallets = new Map<string, Sums>();
  private readonly agents = new Map<string, { amount: number; movements: number }>();

  apply(recorded: RecordedEvent) {
    let change: ReturnType<typeof reportChangeOf>;
    try {
      change = reportChangeOf({
        streamId: recorded.streamId,
        revision: recorded.revision,
        at: (recorded.metadata as EventMetadata).occurredAt,
        event: parseLedgerEvent(recorded.streamId, recorded.type, recorded.data),
      });
    } catch {
      return; // the ledger replay reports it
    }
    if (!change) return;
    if ("round" in change) {
      const before = this.rounds.get(change.roundId);
      this.rounds.set(
        change.roundId,
        before ? mergeRoundChanges(before, change.round) : change.round,
      );
    } else if ("wallet" in change) {
      const sums = this.wallets.get(change.wallet.userId) ?? { main: 0, bonus: 0, movements: 0 };
      sums.main += change.wallet.main;
      sums.bonus += change.wallet.bonus;
      sums.movements += 1;
      this.wallets.set(change.wallet.userId, sums);
    } else {
      const sums = this.agents.get(change.agent.agentId) ?? { amount: 0, movements: 0 };
      sums.amount += change.agent.amount;
      sums.movements += 1;
      this.agents.set(change.agent.agentId, sums);
    }
  }

  verdict(actual: ReportModels, ledger: ReadModelSnapshot): string[] {
    const problems: string[] = [];
    const rounds = new Map([...this.rounds].map(([id, round]) => [id, moneyOf(round)]));
    problems.push(...differences("report round", rounds, actual.rounds));
    problems.push(...differences("report wallet", this.wallets, actual.wallets));
    problems.push(...differences("report agent", this.agents, actual.agents));
    let net = 0;
    for (const [id, round] of actual.rounds) {
      net += round.houseCut - round.prizes;
      const closed = round.status === "settled" || round.status === "cancelled";
      if (closed && round.stakes !== round.payouts + round.houseCut + round.refunds)
        problems.push(
          `report round ${id}: stakes ${round.stakes} are not paid out, cut and refunds`,
        );
    }
    if (net !== ledger.house.round_cuts - ledger.house.prizes_paid)
      problems.push(
        `report rounds: cuts less prizes ${net}, house ${ledger.house.round_cuts - ledger.house.prizes_paid}`,
      );
    for (const [userId, sums] of actual.wallets) {
      const wallet = ledger.players.get(userId);
      if (!wallet || wallet.main !== sums.main || wallet.bonus !== sums.bonus)
        problems.push(
          `report wallet ${userId}: movements add up to ${json(sums)}, ledger ${json(wallet)}`,
        );
    }
    for (const [agentId, sums] of actual.agents)
      if ((ledger.agents.get(agentId) ?? 0) !== sums.amount)
        problems.push(
          `report agent ${agentId}: movements ${sums.amount}, float ${ledger.agents.get(agentId)}`,
        );
    return problems;
  }
}

const moneyOf = ({ stakes, seats, payouts, houseCut, prizes, refunds, status }: RoundChange) => ({
  stakes,
  seats,
  payouts,
  houseCut,
  prizes,
  refunds,
  status,
});

/** The reports' tables, in the caller's (repeatable read) transaction. */
export async function readReportModels(db: pg.ClientBase): Promise<ReportModels> {
  const rounds = await db.query(
    "SELECT id, stakes, seats, payouts, house_cut, prizes, refunds, status FROM report_rounds",
  );
  const wallets = await db.query(
    `SELECT user_id, sum(main) AS main, sum(bonus) AS bonus, count(*) AS movements
       FROM report_wallet_movements GROUP BY user_id`,
  );
  const agents = await db.query(
    `SELECT agent_id, sum(amount) AS amount, count(*) AS movements
       FROM report_agent_movements GROUP BY agent_id`,
  );
  return {
    rounds: new Map(
      rounds.rows.map((r) => [
        r.id,
        {
          stakes: Number(r.stakes),
          seats: r.seats,
          payouts: Number(r.payouts),
          houseCut: Number(r.house_cut),
          prizes: Number(r.prizes),
          refunds: Number(r.refunds),
          status: r.status,
        },
      ]),
    ),
    wallets: new Map(
      wallets.rows.map((r) => [
        r.user_id,
        { main: Number(r.main), bonus: Number(r.bonus), movements: Number(r.movements) },
      ]),
    ),
    agents: new Map(
      agents.rows.map((r) => [
        r.agent_id,
        { amount: Number(r.amount), movements: Number(r.movements) },
      ]),
    ),
  };
}

const json = (value: unknown) => JSON.stringify(value ?? null);

function differences<V>(what: string, want: Map<string, V>, have: Map<string, V>): string[] {
  const problems: string[] = [];
  for (const [key, value] of want)
    if (json(have.get(key)) !== json(value))
      problems.push(`${what} ${key}: projection ${json(have.get(key))}, ledger ${json(value)}`);
  for (const [key, value] of have)
    if (!want.has(key)) problems.push(`${what} ${key}: in the projection only (${json(value)})`);
  return problems;
}

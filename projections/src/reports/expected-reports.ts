import type { EventMetadata, LedgerEvent, RecordedEvent } from "@igp/ledger";
import type { HouseRow, PlayerBalance } from "../audit/expected-read-models.ts";
import { differencesInStep, type ProblemList } from "../audit/problem-list.ts";
import type { ReadModelPages } from "../audit/read-model-pages.ts";
import { inStep, keyed, mapPages, type Pages } from "../audit/row-pages.ts";
import { SortedRows } from "../audit/sorted-rows.ts";
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
interface AgentSums {
  amount: number;
  movements: number;
}

/** What the ledger says apart from the reports, to hold them to. */
export interface LedgerSide {
  players: SortedRows<PlayerBalance>;
  agents: SortedRows<number>;
  house: HouseRow;
}

/**
 * The reports' tables folded from the events up to the projections' checkpoint (in key order,
 * memory bounded: sorted-rows.ts), and held to what the ledger says apart from them: every
 * closed round's stakes are its payouts, house cut and refunds; the rounds' cuts less prizes
 * are the house's round money; each player's movements add up to its wallet, each agent's to
 * its float. Compared with the tables page by page (`verdict`).
 */
export class ExpectedReports {
  private readonly rounds: SortedRows<RoundChange>;
  private readonly wallets: SortedRows<Sums>;
  private readonly agents: SortedRows<AgentSums>;

  constructor(directory: () => string, inMemory: number) {
    this.rounds = new SortedRows(directory, "report-rounds", inMemory, mergeRoundChanges);
    this.wallets = new SortedRows(directory, "report-wallets", inMemory, (a, b) => ({
      main: a.main + b.main,
      bonus: a.bonus + b.bonus,
      movements: a.movements + b.movements,
    }));
    this.agents = new SortedRows(directory, "report-agents", inMemory, (a, b) => ({
      amount: a.amount + b.amount,
      movements: a.movements + b.movements,
    }));
  }

  /** One event, as the replay parsed it. */
  apply(recorded: RecordedEvent, event: LedgerEvent) {
    const change = reportChangeOf({
      streamId: recorded.streamId,
      revision: recorded.revision,
      at: (recorded.metadata as EventMetadata).occurredAt,
      event,
    });
    if (!change) return;
    if ("round" in change) this.rounds.add(change.roundId, change.round);
    else if ("wallet" in change)
      this.wallets.add(change.wallet.userId, {
        main: change.wallet.main,
        bonus: change.wallet.bonus,
        movements: 1,
      });
    else this.agents.add(change.agent.agentId, { amount: change.agent.amount, movements: 1 });
  }

  /** The report tables against the events, then against the ledger, a page at a time. */
  async verdict(pages: ReadModelPages, ledger: LedgerSide, problems: ProblemList) {
    const closedChecks = problems.empty();
    let net = 0;
    const actualRounds = keyed(pages.pages(REPORT_TABLES.rounds), idOf, (r) => {
      const round = roundRow(r);
      net += round.houseCut - round.prizes;
      const closed = round.status === "settled" || round.status === "cancelled";
      if (closed && round.stakes !== round.payouts + round.houseCut + round.refunds)
        closedChecks.push(
          `report round ${r.id}: stakes ${round.stakes} are not paid out, cut and refunds`,
        );
      return round;
    });
    const nothing = () => false;
    await differencesInStep(
      "report round",
      inStep(moneyOfRounds(this.rounds.pages()), actualRounds),
      nothing,
      problems,
    );
    const walletChecks = problems.empty();
    const actualWallets = withLedger(
      keyed(pages.pages(REPORT_TABLES.wallets), (r) => r.user_id as string, walletSums),
      ledger.players.pages(),
      (userId, sums, wallet) => {
        if (!wallet || wallet.main !== sums.main || wallet.bonus !== sums.bonus)
          walletChecks.push(
            `report wallet ${userId}: movements add up to ${json(sums)}, ledger ${json(wallet)}`,
          );
      },
    );
    await differencesInStep(
      "report wallet",
      inStep(this.wallets.pages(), actualWallets),
      nothing,
      problems,
    );
    const agentChecks = problems.empty();
    const actualAgents = withLedger(
      keyed(pages.pages(REPORT_TABLES.agents), (r) => r.agent_id as string, agentSums),
      ledger.agents.pages(),
      (agentId, sums, float) => {
        if ((float ?? 0) !== sums.amount)
          agentChecks.push(`report agent ${agentId}: movements ${sums.amount}, float ${float}`);
      },
    );
    await differencesInStep(
      "report agent",
      inStep(this.agents.pages(), actualAgents),
      nothing,
      problems,
    );
    problems.append(closedChecks);
    if (net !== ledger.house.round_cuts - ledger.house.prizes_paid)
      problems.push(
        `report rounds: cuts less prizes ${net}, house ${ledger.house.round_cuts - ledger.house.prizes_paid}`,
      );
    problems.append(walletChecks);
    problems.append(agentChecks);
  }
}

/** The reports' tables as the audit pages through them (read-model-pages.ts). */
const REPORT_TABLES = {
  rounds: {
    select: "id, stakes, seats, payouts, house_cut, prizes, refunds, status",
    from: "report_rounds",
    key: ["id"],
  },
  wallets: {
    select: "user_id, sum(main) AS main, sum(bonus) AS bonus, count(*) AS movements",
    from: "report_wallet_movements",
    key: ["user_id"],
    grouped: true,
  },
  agents: {
    select: "agent_id, sum(amount) AS amount, count(*) AS movements",
    from: "report_agent_movements",
    key: ["agent_id"],
    grouped: true,
  },
};

const idOf = (r: Record<string, unknown>) => r.id as string;

const roundRow = (r: Record<string, unknown>): RoundMoney => ({
  stakes: Number(r.stakes),
  seats: r.seats as number,
  payouts: Number(r.payouts),
  houseCut: Number(r.house_cut),
  prizes: Number(r.prizes),
  refunds: Number(r.refunds),
  status: r.status as RoundMoney["status"],
});

const walletSums = (r: Record<string, unknown>): Sums => ({
  main: Number(r.main),
  bonus: Number(r.bonus),
  movements: Number(r.movements),
});

const agentSums = (r: Record<string, unknown>): AgentSums => ({
  amount: Number(r.amount),
  movements: Number(r.movements),
});

const moneyOfRounds = (rounds: Pages<[string, RoundChange]>) =>
  mapPages(rounds, ([id, round]): [string, RoundMoney] => [id, moneyOf(round)]);

/**
 * A report table's rows passed on as they are, each also handed with the ledger's value for
 * its key (undefined if the ledger has none) to `check`: the ledger's rows walked in step.
 */
async function* withLedger<R, L>(
  actual: Pages<[string, R]>,
  ledger: Pages<[string, L]>,
  check: (key: string, row: R, ledger: L | undefined) => void,
): AsyncGenerator<[string, R][]> {
  for await (const page of inStep(actual, ledger)) {
    const rows: [string, R][] = [];
    for (const [key, row, value] of page) {
      if (row === undefined) continue;
      check(key, row, value);
      rows.push([key, row]);
    }
    yield rows;
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

const json = (value: unknown) => JSON.stringify(value ?? null);

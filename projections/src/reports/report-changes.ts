import { type LedgerEvent, parseStreamId } from "@igp/ledger";

/** What one event changes in a round's report row: sums, and what it says about the round. */
export interface RoundChange {
  game: string | null;
  tableId: number | null;
  code: string | null;
  title: string | null;
  status: "open" | "settled" | "cancelled" | null;
  stakes: number;
  seats: number;
  payouts: number;
  houseCut: number;
  prizes: number;
  refunds: number;
  openedAt: string | null;
  closedAt: string | null;
}

/** One movement of a player's wallet (main and bonus signed) or of an agent's float. */
export interface WalletMovement {
  userId: string;
  revision: number;
  at: string;
  kind: string;
  main: number;
  bonus: number;
  reference: string | null;
}
export interface AgentMovement {
  agentId: string;
  revision: number;
  at: string;
  kind: string;
  amount: number;
  reference: string | null;
}

export type ReportChange =
  | { round: RoundChange; roundId: string }
  | { wallet: WalletMovement }
  | { agent: AgentMovement }
  | null;

export interface EventAt {
  streamId: string;
  revision: number;
  at: string;
  event: LedgerEvent;
}

const sum = (transfers: { amount: number }[]) =>
  transfers.reduce((total, t) => total + t.amount, 0);

/** The reports' view of one ledger event (rounds, wallets, agents); null when it moves none. */
export function reportChangeOf({ streamId, revision, at, event }: EventAt): ReportChange {
  const { kind, id } = parseStreamId(streamId);
  if (kind === "round") {
    const round = roundChangeOf(event, at);
    return round && { round, roundId: id };
  }
  if (kind === "wallet") {
    const wallet = walletMovementOf(event);
    return wallet && { wallet: { userId: id, revision, at, ...wallet } };
  }
  if (kind === "agent") {
    const agent = agentMovementOf(event);
    return agent && { agent: { agentId: id, revision, at, ...agent } };
  }
  return null;
}

export const noRoundChange = (): RoundChange => ({
  game: null,
  tableId: null,
  code: null,
  title: null,
  status: null,
  stakes: 0,
  seats: 0,
  payouts: 0,
  houseCut: 0,
  prizes: 0,
  refunds: 0,
  openedAt: null,
  closedAt: null,
});

/** Two changes of one round as one: sums add, the later description wins. */
export function mergeRoundChanges(a: RoundChange, b: RoundChange): RoundChange {
  return {
    game: b.game ?? a.game,
    tableId: b.tableId ?? a.tableId,
    code: b.code ?? a.code,
    title: b.title ?? a.title,
    status: b.status ?? a.status,
    stakes: a.stakes + b.stakes,
    seats: a.seats + b.seats,
    payouts: a.payouts + b.payouts,
    houseCut: a.houseCut + b.houseCut,
    prizes: a.prizes + b.prizes,
    refunds: a.refunds + b.refunds,
    openedAt: b.openedAt ?? a.openedAt,
    closedAt: b.closedAt ?? a.closedAt,
  };
}

function roundChangeOf(event: LedgerEvent, at: string): RoundChange | null {
  const change = noRoundChange();
  switch (event.type) {
    case "RoundOpened": {
      const details = event.data.details ?? {};
      const text = (value: unknown) => (typeof value === "string" ? value : null);
      return {
        ...change,
        game: event.data.game,
        tableId: typeof details.instantId === "number" ? details.instantId : null,
        code: text(details.code),
        title: text(details.title),
        status: "open",
        openedAt: at,
      };
    }
    case "StakeReceived":
      return { ...change, stakes: event.data.amount, seats: 1 };
    case "StakeReturned":
      return { ...change, stakes: -event.data.transfer.amount, seats: -1 };
    case "RoundPaid":
      return { ...change, payouts: sum(event.data.payouts), prizes: sum(event.data.prizes) };
    case "RoundSettled":
      return {
        ...change,
        payouts: sum(event.data.payouts),
        prizes: sum(event.data.prizes),
        houseCut: event.data.houseCut,
        status: "settled",
        closedAt: at,
      };
    case "StakesRefunded":
      return { ...change, refunds: sum(event.data.refunds) };
    case "RoundCancelled":
      return { ...change, refunds: sum(event.data.refunds), status: "cancelled", closedAt: at };
    default:
      return null;
  }
}

function walletMovementOf(event: LedgerEvent) {
  switch (event.type) {
    case "WalletCredited":
      return {
        kind: event.data.reason,
        main: event.data.main,
        bonus: event.data.bonus,
        reference: event.data.from,
      };
    case "BonusGranted":
      return { kind: "bonus", main: 0, bonus: event.data.amount, reference: event.data.grantId };
    case "StakePlaced":
      return {
        kind: "stake",
        main: -event.data.fromMain,
        bonus: -event.data.fromBonus,
        reference: `round-${event.data.roundId}`,
      };
    case "WithdrawalHeld":
      return {
        kind: "withdrawal",
        main: -event.data.fromMain,
        bonus: -event.data.fromBonus,
        reference: `withdrawal-${event.data.withdrawalId}`,
      };
    default:
      return null;
  }
}

/** What a float credit was for, by its transfer's reason. */
const AGENT_CREDIT_KINDS: Record<string, string> = {
  charge: "charge",
  agentDepositReturned: "depositReturned",
  withdrawalToAgent: "withdrawal",
  agentAdvance: "advance",
};

function agentMovementOf(event: LedgerEvent) {
  switch (event.type) {
    case "AgentFloatCredited":
      return {
        kind: AGENT_CREDIT_KINDS[event.data.reason] ?? event.data.reason,
        amount: event.data.amount,
        reference: event.data.from,
      };
    case "AgentDepositFunded":
      return {
        kind: "deposit",
        amount: -event.data.transfer.amount,
        reference: `deposit-${event.data.depositId}`,
      };
    default:
      return null;
  }
}

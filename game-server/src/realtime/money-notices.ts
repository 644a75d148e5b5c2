import { type LedgerEvent, parseLedgerEvent, parseStreamId, type RecordedEvent } from "@igp/ledger";
import { AGENT_DEPOSIT_METHOD, type MoneyNotice, minorToMajor } from "@igp/shared";
import type pg from "pg";

/** A notice and the player it is for. */
export interface AddressedNotice {
  userId: string;
  notice: MoneyNotice;
  /** A lottery's drawing: told once its room has revealed it (when recorded, how many winners). */
  reveal?: { drawnAt: number; winners: number };
}

/** The events that decide a player's money: deposits, withdrawals, lottery drawings. */
const DECISIONS = new Set([
  "BankDepositApproved",
  "AgentDepositApproved",
  "DepositDisapproved",
  "WithdrawalApproved",
  "WithdrawalDisapproved",
  "RoundSettled",
]);

interface Decision {
  recorded: RecordedEvent;
  event: LedgerEvent;
  /** The request's or round's stream: its kind and id. */
  stream: ReturnType<typeof parseStreamId>;
}

/**
 * The money notices (docs/realtime.md `moneyNotice`) a batch of ledger events gives the players
 * `watched` by this process: a deposit approved or refused, a withdrawal paid or refused, a
 * lottery won or lost. Amounts and winners come from the events; who asked, the method and the
 * lottery's tickets and title from the read models (which hold every request and ticket from
 * before its decision), at most one query per kind of decision in the batch.
 */
export class MoneyNotices {
  constructor(private readonly pool: pg.Pool) {}

  /** Whether any of these events may give a notice (cheap: by type only). */
  static anyIn(events: RecordedEvent[]) {
    return events.some((event) => DECISIONS.has(event.type));
  }

  /** The notices of these events for the `watched` players, or for every player concerned. */
  async of(events: RecordedEvent[], watched: Watched): Promise<AddressedNotice[]> {
    if (watched !== "everyone" && watched.size === 0) return [];
    const decisions = events
      .filter((recorded) => DECISIONS.has(recorded.type))
      .map((recorded) => ({
        recorded,
        event: parseLedgerEvent(recorded.streamId, recorded.type, recorded.data),
        stream: parseStreamId(recorded.streamId),
      }));
    if (decisions.length === 0) return [];
    const requests = await this.requests(decisions);
    const notices: AddressedNotice[] = [];
    for (const decision of decisions) {
      const request = requests.get(`${decision.stream.kind}-${decision.stream.id}`);
      const notice = request && requestNotice(decision, request);
      if (notice && isWatched(watched, request.user_id))
        notices.push({ userId: request.user_id, notice });
    }
    notices.push(...(await this.lotteryNotices(decisions, watched)));
    return notices;
  }

  /** The deposit and withdrawal requests these decisions are about (one query), by stream. */
  private async requests(decisions: Decision[]) {
    const ids = (kind: string) =>
      decisions.filter(({ stream }) => stream.kind === kind).map(({ stream }) => stream.id);
    const [deposits, withdrawals] = [ids("deposit"), ids("withdrawal")];
    if (deposits.length + withdrawals.length === 0) return new Map<string, RequestRow>();
    const { rows } = await this.pool.query<RequestRow>(
      `SELECT 'deposit-' || id AS stream, user_id, method, bank_name, amount
         FROM deposit_requests WHERE id = ANY($1)
       UNION ALL
       SELECT 'withdrawal-' || id, user_id, method, bank_name, amount
         FROM withdrawal_requests WHERE id = ANY($2)`,
      [deposits, withdrawals],
    );
    return new Map(rows.map((row) => [row.stream, row]));
  }

  /** Each watched ticket holder of the lotteries drawn here: won (money, awards) or lost. */
  private async lotteryNotices(decisions: Decision[], watched: Watched) {
    // A lottery's drawing records its winners; a coin flip's or spin wheel's needs no query.
    const settled = decisions.filter(({ event }) => winnersOf(event) !== null);
    const roundIds = settled.map(({ stream }) => stream.id);
    if (settled.length === 0) return [];
    // Only lottery rounds have tickets: a coin flip's settlement finds no row here.
    const { rows } = await this.pool.query<HolderRow>(
      `SELECT t.round_id, t.user_id, array_agg(t.number ORDER BY t.number) AS tickets,
              sum(t.amount) AS paid, l.code, l.title, l.prizes, l.drawn_at
         FROM lottery_tickets t JOIN lotteries l ON l.round_id = t.round_id::uuid
        WHERE t.round_id = ANY($1) AND ($2::text[] IS NULL OR t.user_id = ANY($2))
          AND t.status = 'held'
        GROUP BY t.round_id, t.user_id, l.code, l.title, l.prizes, l.drawn_at`,
      [roundIds, watched === "everyone" ? null : [...watched]],
    );
    return rows.map((holder): AddressedNotice => {
      const decision = settled[roundIds.indexOf(holder.round_id)]!;
      const drawn = winnersOf(decision.event)!;
      const winners = drawn.filter((w) => w.userId === holder.user_id);
      const won = winners.reduce((sum, winner) => sum + (winner.amount ?? 0), 0);
      const awards = winners
        .filter((winner) => winner.amount === null)
        .map((winner) => holder.prizes[winner.place - 2]?.label ?? "");
      const lottery = {
        code: holder.code,
        title: holder.title,
        tickets: holder.tickets,
        awards,
      };
      const kind = winners.length > 0 ? "lotteryWon" : "lotteryLost";
      return {
        userId: holder.user_id,
        notice: {
          ...base(decision, kind),
          amount: minorToMajor(kind === "lotteryWon" ? won : Number(holder.paid)),
          lottery,
        },
        // Recorded just after the settlement: a notice read in between counts from now.
        reveal: {
          drawnAt: holder.drawn_at ? holder.drawn_at.getTime() : Date.now(),
          winners: drawn.length,
        },
      };
    });
  }
}

/** Whose notices are wanted: a process' connected players, or everyone (the Telegram outbox). */
export type Watched = ReadonlySet<string> | "everyone";

const isWatched = (watched: Watched, userId: string) =>
  watched === "everyone" || watched.has(userId);

interface RequestRow {
  stream: string;
  user_id: string;
  method: "agent" | "bank";
  bank_name: string | null;
  /** Santim, as PostgreSQL returns a bigint. */
  amount: string;
}

interface HolderRow {
  round_id: string;
  user_id: string;
  tickets: number[];
  paid: string;
  code: string;
  title: string;
  /** Places 2, 3…: `{ label, amount }`, amount null for an award. */
  prizes: { label: string; amount: number | null }[];
  drawn_at: Date | null;
}

const base = (decision: Decision, kind: MoneyNotice["kind"]) => ({
  id: decision.recorded.id,
  kind,
  at: Date.parse(String(decision.recorded.metadata.occurredAt ?? "")) || Date.now(),
});

function requestNotice({ event, ...decision }: Decision, request: RequestRow): MoneyNotice | null {
  const method = (agent: string) =>
    request.method === "agent" ? agent : (request.bank_name ?? "Bank");
  const of = (kind: MoneyNotice["kind"]) => base({ event, ...decision }, kind);
  switch (event.type) {
    case "BankDepositApproved":
    case "AgentDepositApproved":
      return {
        ...of("depositApproved"),
        amount: minorToMajor(event.data.transfer.amount),
        method: method(AGENT_DEPOSIT_METHOD),
      };
    case "DepositDisapproved":
      return {
        ...of("depositRefused"),
        amount: minorToMajor(Number(request.amount)),
        method: method(AGENT_DEPOSIT_METHOD),
      };
    case "WithdrawalApproved":
      return {
        ...of("withdrawalPaid"),
        amount: minorToMajor(event.data.payout),
        method: method("agent"),
        // An agent's approval records the code's hint: only a bank transfer has a reference.
        ...(request.method === "bank" && { reference: event.data.reference }),
      };
    case "WithdrawalDisapproved":
      return {
        ...of("withdrawalRefused"),
        amount: minorToMajor(event.data.transfer.amount),
        method: method("agent"),
      };
    default:
      return null;
  }
}

/** A lottery drawing's winners as RoundSettled records them (`draw.winners`); else null. */
function winnersOf(event: LedgerEvent) {
  if (event.type !== "RoundSettled") return null;
  const winners = event.data.draw?.winners;
  return Array.isArray(winners)
    ? (winners as { place: number; userId: string; amount: number | null }[])
    : null;
}

import {
  FRAUD_THRESHOLDS,
  type FraudSignal,
  type FraudSignalKind,
  fraudSignalReason,
  minorToMajor,
} from "@igp/shared";
import type pg from "pg";
import { linkedAccountsOf } from "../linked-accounts/linked-groups.ts";

/** At most this many other requests are named per kind of match (the first ones made). */
const MATCHES_PER_KIND = 10;

/** A request row as the signals read it, with its player's name. */
interface RequestRow {
  id: string;
  user_id: string;
  method: string;
  /** Deposits. */
  transaction_id?: string | null;
  screenshot?: string | null;
  /** Withdrawals (and bank deposits: the sender's). */
  account_number?: string | null;
  amount: string;
  status: string;
  requested_at: Date;
  full_name: string | null;
}

/**
 * The fraud signals of one deposit or withdrawal request (docs/fraud-signals.md), computed when
 * an approver opens it, from the read models (deposit_requests, withdrawal_requests, users) and
 * the screenshots' matches (image-fingerprints.ts). Null when there is no such request.
 */
export class RequestSignals {
  constructor(private readonly db: pg.Pool) {}

  /** `method`: only a request of this method (an agent sees agent requests only). */
  async forDeposit(id: string, method?: "agent"): Promise<FraudSignal[] | null> {
    const deposit = await this.one("deposit_requests", id, method);
    if (!deposit) return null;
    return [
      ...(await this.references(deposit)),
      ...(await this.images(deposit)),
      ...(await this.playerSignals("deposit_requests", deposit)),
      ...(await this.linkedAccounts(deposit, method)),
    ];
  }

  async forWithdrawal(id: string, method?: "agent"): Promise<FraudSignal[] | null> {
    const withdrawal = await this.one("withdrawal_requests", id, method);
    if (!withdrawal) return null;
    return [
      ...(await this.payoutAccounts(withdrawal)),
      ...(await this.playerSignals("withdrawal_requests", withdrawal)),
      ...(await this.linkedAccounts(withdrawal, method)),
    ];
  }

  private async one(
    table: "deposit_requests" | "withdrawal_requests",
    id: string,
    method: string | undefined,
  ) {
    const { rows } = await this.db.query(
      `SELECT * FROM ${table} WHERE id = $1 AND ($2::text IS NULL OR method = $2)`,
      [id, method ?? null],
    );
    return (rows[0] as RequestRow | undefined) ?? null;
  }

  /** Other deposits with this reference: exactly, or once normalised; and their amounts. */
  private async references(deposit: RequestRow) {
    if (!deposit.transaction_id) return [];
    const { rows } = await this.db.query(
      `SELECT r.*, u.full_name FROM deposit_requests r LEFT JOIN users u ON u.id::text = r.user_id
        WHERE fraud_key(r.transaction_id) = fraud_key($1) AND r.id <> $2
        ORDER BY r.requested_at, r.id LIMIT $3`,
      [deposit.transaction_id, deposit.id, MATCHES_PER_KIND],
    );
    return rows.flatMap((other): FraudSignal[] => {
      const exact = other.transaction_id === deposit.transaction_id;
      const signals = [
        signal(exact ? "sameReference" : "similarReference", other, "deposit", {
          reference: other.transaction_id,
        }),
      ];
      if (Number(other.amount) !== Number(deposit.amount))
        signals.push(
          signal("amountMismatch", other, "deposit", {
            amount: minorToMajor(Number(deposit.amount)).toFixed(2),
            otherAmount: minorToMajor(Number(other.amount)).toFixed(2),
          }),
        );
      return signals;
    });
  }

  /** Other deposits whose screenshot matched this one's, before or after it. */
  private async images(deposit: RequestRow) {
    if (!deposit.screenshot) return [];
    const { rows } = await this.db.query(
      `SELECT r.*, u.full_name, m.changed_lines
         FROM image_matches m
         JOIN deposit_requests r
           ON r.screenshot = CASE WHEN m.image = $1 THEN m.earlier_image ELSE m.image END
         LEFT JOIN users u ON u.id::text = r.user_id
        WHERE (m.image = $1 OR m.earlier_image = $1) AND r.id <> $2
        ORDER BY r.requested_at, r.id LIMIT $3`,
      [deposit.screenshot, deposit.id, MATCHES_PER_KIND],
    );
    return rows.map((other) =>
      signal("sameImage", other, "deposit", { changedLines: other.changed_lines }),
    );
  }

  /** Withdrawals by other players to this payout account (bank withdrawals only). */
  private async payoutAccounts(withdrawal: RequestRow) {
    if (withdrawal.method !== "bank" || !withdrawal.account_number) return [];
    const { rows } = await this.db.query(
      `SELECT r.*, u.full_name FROM withdrawal_requests r LEFT JOIN users u ON u.id::text = r.user_id
        WHERE r.method = 'bank' AND fraud_key(r.account_number) = fraud_key($1)
          AND r.user_id <> $2
        ORDER BY r.requested_at, r.id LIMIT $3`,
      [withdrawal.account_number, withdrawal.user_id, MATCHES_PER_KIND],
    );
    return rows.map((other) =>
      signal("sharedPayoutAccount", other, "withdrawal", { account: other.account_number }),
    );
  }

  /**
   * The player's group of linked accounts, if any. Not for agents: the groups are the
   * superAdmin's (and the auditor's) to open, and they name other players.
   */
  private async linkedAccounts(request: RequestRow, method: string | undefined) {
    if (method === "agent") return [];
    const group = await linkedAccountsOf(this.db, request.user_id);
    if (!group) return [];
    return [about("linkedAccounts", { count: group.members.length - 1, groupId: group.id })];
  }

  /** About the player, whatever the request: how many requests this hour, how new the account. */
  private async playerSignals(
    table: "deposit_requests" | "withdrawal_requests",
    request: RequestRow,
  ) {
    const { rows } = await this.db.query(
      `SELECT (SELECT count(*) FROM ${table}
                WHERE user_id = $1 AND requested_at > $2::timestamptz - interval '1 hour'
                  AND requested_at <= $2::timestamptz) AS recent,
              (SELECT created_at FROM users WHERE id::text = $1) AS opened`,
      [request.user_id, request.requested_at],
    );
    const { recent, opened } = rows[0];
    const signals: FraudSignal[] = [];
    if (Number(recent) >= FRAUD_THRESHOLDS.requestsPerHour)
      signals.push(about("velocity", { count: Number(recent) }));
    if (opened) {
      const hours = Math.floor(
        (new Date(request.requested_at).getTime() - new Date(opened).getTime()) / 3_600_000,
      );
      if (hours < FRAUD_THRESHOLDS.newAccountHours)
        signals.push(about("newAccount", { hours: Math.max(hours, 0) }));
    }
    return signals;
  }
}

/** A signal that points at another request. */
function signal(
  kind: FraudSignalKind,
  other: RequestRow,
  type: "deposit" | "withdrawal",
  params: FraudSignal["params"],
): FraudSignal {
  const all = { ...params, matchStatus: other.status };
  return {
    kind,
    reason: fraudSignalReason(kind, all),
    params: all,
    match: {
      id: other.id,
      type,
      status: other.status,
      amount: minorToMajor(Number(other.amount)),
      createdAt: new Date(other.requested_at).toISOString(),
      user: { id: other.user_id, fullName: other.full_name ?? "" },
    },
    // Approving a deposit whose reference another approved deposit used is refused.
    blocking:
      type === "deposit" &&
      other.status === "approved" &&
      (kind === "sameReference" || kind === "similarReference"),
    needsNote: true,
  };
}

/** A signal about the player alone. */
function about(kind: FraudSignalKind, params: FraudSignal["params"]): FraudSignal {
  return {
    kind,
    reason: fraudSignalReason(kind, params),
    params,
    match: null,
    blocking: false,
    needsNote: false,
  };
}

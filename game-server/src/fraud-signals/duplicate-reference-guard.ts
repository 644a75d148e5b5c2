import { FRAUD_MESSAGES } from "@igp/shared";
import type pg from "pg";
import { DomainError } from "../domain-error.ts";

/** How long an approval waits for another approval of the same reference to finish. */
const WAIT_MS = 10_000;
const RETRY_MS = 25;

export interface BankDepositApproval {
  depositId: string;
  transactionId: string | null;
  staffId: string;
  /** The superAdmin's note when it approves a duplicate reference anyway; null otherwise. */
  overrideNote: string | null;
}

/**
 * The one rule signals enforce: a bank deposit whose transaction reference (normalised: case,
 * spaces and punctuation set aside) an approved deposit already used is refused, unless the
 * superAdmin overrides it with a note.
 *
 * Where it holds: around the ledger's approval, under a PostgreSQL advisory lock named by the
 * reference's key, in a transaction that records the approval in approved_deposit_references
 * after the ledger stored it. Two approvals of two requests with one reference, in one process
 * or two, take the lock in turn: the second finds the first's row and is refused. A process that
 * dies after the ledger's approval and before its commit leaves no row, so the check also reads
 * the deposits' read model (approved there once projected). The lock is taken with
 * pg_try_advisory_xact_lock and retried, so a waiting approval holds no pooled connection (the
 * ledger needs connections to approve the first).
 */
export class DuplicateReferenceGuard {
  constructor(private readonly db: pg.Pool) {}

  async approve(approval: BankDepositApproval, approveInLedger: () => Promise<void>) {
    if (!approval.transactionId) return approveInLedger();
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const client = await this.db.connect();
      let done = false;
      try {
        await client.query("BEGIN");
        const key = await lockReference(client, approval.transactionId);
        if (key === undefined) {
          await client.query("ROLLBACK");
        } else {
          done = true;
          await this.approveHolding(client, key, approval, approveInLedger);
          await client.query("COMMIT");
        }
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      if (done) return;
      if (Date.now() > deadline)
        throw new DomainError("conflict", "Another approval of this reference is under way.");
      await new Promise((wake) => setTimeout(wake, RETRY_MS));
    }
  }

  private async approveHolding(
    client: pg.PoolClient,
    key: string | null,
    approval: BankDepositApproval,
    approveInLedger: () => Promise<void>,
  ) {
    if (key === null) return approveInLedger();
    const earlier = await client.query(
      `SELECT deposit_id FROM approved_deposit_references
        WHERE reference_key = $1 AND deposit_id <> $2
       UNION ALL
       SELECT id FROM deposit_requests
        WHERE method = 'bank' AND status = 'approved' AND fraud_key(transaction_id) = $1
          AND id <> $2
       LIMIT 1`,
      [key, approval.depositId],
    );
    if (earlier.rowCount && !approval.overrideNote)
      throw new DomainError("conflict", FRAUD_MESSAGES.duplicateReference, "overrideDuplicate");
    await approveInLedger();
    await client.query(
      `INSERT INTO approved_deposit_references (deposit_id, reference_key, approved_by, override_note)
       VALUES ($1, $2, $3, $4) ON CONFLICT (deposit_id) DO NOTHING`,
      [approval.depositId, key, approval.staffId, earlier.rowCount ? approval.overrideNote : null],
    );
  }
}

/**
 * Takes the reference's lock in the client's transaction: its key (null when the reference has
 * no letters or digits: nothing to lock), or undefined when another transaction holds it.
 */
async function lockReference(client: pg.PoolClient, reference: string) {
  const { rows } = await client.query(
    `SELECT k.key, k.key IS NULL OR pg_try_advisory_xact_lock(
              hashtextextended('deposit-reference:' || k.key, 0)) AS locked
       FROM (SELECT fraud_key($1) AS key) k`,
    [reference],
  );
  const { key, locked } = rows[0] as { key: string | null; locked: boolean };
  return locked ? key : undefined;
}

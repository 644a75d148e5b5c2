import { createHmac, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type pg from "pg";
import QRCode from "qrcode";
import type { Queryable } from "../database/queryable.ts";
import { deriveKey, SealedBox } from "../security/sealed-box.ts";

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s, SHA-1, one step
 * of drift either way) on `otpauth`, its QR code drawn by `qrcode`. A code is accepted once: its
 * time step must be later than the last one accepted. Wrong codes lock the factor
 * (MAX_FAILURES, then LOCK_MINUTES) and the owner is told at the next sign-in. Ten single-use
 * recovery codes stand in for a lost phone; they are kept only as keyed digests.
 */
export const SECOND_FACTOR = {
  issuer: "Instant Games",
  maxFailures: 5,
  lockMinutes: 15,
  recoveryCodes: 10,
} as const;

const PERIOD_SECONDS = 30;
const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** What a person scans (or types) to add the account to their authenticator app. */
export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code, a data: URL for an <img>. */
  qrCode: string;
}

export type CodeCheck =
  | { ok: true; recoveryCodesLeft?: number }
  | { ok: false; reason: "wrong" | "reused" | "locked"; lockedSeconds?: number };

export class SecondFactors {
  private readonly box: SealedBox;
  private readonly digestKey: Buffer;

  constructor(
    private readonly db: pg.Pool,
    secret: string,
  ) {
    this.box = new SealedBox(deriveKey(secret, "second factor seal"));
    this.digestKey = deriveKey(secret, "recovery code digest");
  }

  /** Whether the account has a confirmed authenticator. */
  async isEnrolled(userId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      "SELECT 1 FROM second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL",
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * The pending authenticator of an account without a confirmed one: the same secret until it is
   * confirmed, so a person who scanned it and mistyped a code need not scan again.
   */
  async pendingEnrolment(userId: string, label: string): Promise<Enrolment> {
    const fresh = new Secret({ size: 20 }).base32;
    const { rows } = await this.db.query(
      `INSERT INTO second_factors (user_id, sealed_secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET user_id = excluded.user_id
       RETURNING sealed_secret, confirmed_at`,
      [userId, this.box.seal(fresh)],
    );
    if (rows[0].confirmed_at) throw new Error("the account's authenticator is confirmed already");
    const totp = totpFor(this.box.open(rows[0].sealed_secret)!, label);
    const otpauthUrl = totp.toString();
    const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 2 });
    return {
      secret: totp.secret.base32,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  }

  /**
   * Checks a code for the account's authenticator (pending or confirmed) or, once confirmed, a
   * recovery code; a good code of a pending authenticator confirms it. Counted, locked and
   * single-use as the module says.
   */
  async check(userId: string, code: string): Promise<CodeCheck> {
    const client = await this.db.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query(
        `SELECT sealed_secret, confirmed_at, last_step, failures,
                ceil(extract(epoch FROM locked_until - now()))::int AS locked_seconds
           FROM second_factors WHERE user_id = $1 FOR UPDATE`,
        [userId],
      );
      const factor = rows[0];
      if (!factor) throw new Error("the account has no authenticator");
      if (factor.locked_seconds > 0) {
        await client.query("COMMIT");
        return { ok: false, reason: "locked", lockedSeconds: factor.locked_seconds };
      }
      const step = this.acceptedStep(factor.sealed_secret, code);
      if (step !== null && step <= Number(factor.last_step)) {
        await client.query("COMMIT");
        return { ok: false, reason: "reused" };
      }
      if (step !== null) {
        await client.query(
          `UPDATE second_factors SET last_step = $2, failures = 0,
                  confirmed_at = coalesce(confirmed_at, now()) WHERE user_id = $1`,
          [userId, step],
        );
        await client.query("COMMIT");
        return { ok: true };
      }
      if (factor.confirmed_at && (await this.useRecoveryCode(client, userId, code))) {
        await client.query("UPDATE second_factors SET failures = 0 WHERE user_id = $1", [userId]);
        const left = await client.query(
          "SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL",
          [userId],
        );
        await client.query("COMMIT");
        return { ok: true, recoveryCodesLeft: left.rows[0].n };
      }
      const locked = await this.countFailure(client, userId, factor.failures + 1);
      await client.query("COMMIT");
      return locked
        ? { ok: false, reason: "locked", lockedSeconds: SECOND_FACTOR.lockMinutes * 60 }
        : { ok: false, reason: "wrong" };
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }

  /** Ten new recovery codes for a confirmed authenticator (the old ones end); shown once. */
  async newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, recoveryCode);
    await this.db.query("DELETE FROM recovery_codes WHERE user_id = $1", [userId]);
    await this.db.query(
      "INSERT INTO recovery_codes (user_id, digest) SELECT $1, unnest($2::text[])",
      [userId, codes.map((code) => this.digest(code))],
    );
    return codes;
  }

  /** Lockouts the owner has not been told of, cleared as they are told (at a good sign-in). */
  async takeUnseenLockouts(userId: string): Promise<number> {
    const { rows } = await this.db.query(
      `UPDATE second_factors f SET unseen_lockouts = 0
         FROM (SELECT unseen_lockouts FROM second_factors WHERE user_id = $1 FOR UPDATE) seen
        WHERE f.user_id = $1 RETURNING seen.unseen_lockouts AS told`,
      [userId],
    );
    return rows[0]?.told ?? 0;
  }

  /** Removes the account's authenticator and recovery codes (a superAdmin's reset). */
  async reset(userId: string, db: Queryable = this.db): Promise<boolean> {
    await db.query("DELETE FROM recovery_codes WHERE user_id = $1", [userId]);
    const { rowCount } = await db.query("DELETE FROM second_factors WHERE user_id = $1", [userId]);
    return rowCount === 1;
  }

  /** The time step a TOTP code belongs to, when it is one of the current window's. */
  private acceptedStep(sealedSecret: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const totp = totpFor(this.box.open(sealedSecret)!, "");
    const delta = totp.validate({ token: code, window: 1 });
    return delta === null ? null : totp.counter() + delta;
  }

  private async useRecoveryCode(client: pg.PoolClient, userId: string, code: string) {
    const normalised = code.toUpperCase().replace(/[\s-]/g, "");
    if (!/^[A-Z0-9]{10}$/.test(normalised)) return false;
    const { rowCount } = await client.query(
      `UPDATE recovery_codes SET used_at = now()
        WHERE user_id = $1 AND digest = $2 AND used_at IS NULL`,
      [userId, this.digest(normalised)],
    );
    return rowCount === 1;
  }

  /** Counts a wrong code; true when it locks the factor. */
  private async countFailure(client: pg.PoolClient, userId: string, failures: number) {
    const locks = failures >= SECOND_FACTOR.maxFailures;
    await client.query(
      locks
        ? `UPDATE second_factors SET failures = 0, unseen_lockouts = unseen_lockouts + 1,
                  locked_until = now() + make_interval(mins => $2) WHERE user_id = $1`
        : "UPDATE second_factors SET failures = failures + 1 WHERE user_id = $1",
      locks ? [userId, SECOND_FACTOR.lockMinutes] : [userId],
    );
    return locks;
  }

  private digest(code: string): string {
    const normalised = code.toUpperCase().replace(/[\s-]/g, "");
    return createHmac("sha256", this.digestKey).update(normalised).digest("base64url");
  }
}

function totpFor(base32: string, label: string) {
  return new TOTP({
    issuer: SECOND_FACTOR.issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** XXXXX-XXXXX from an alphabet without look-alikes (about 49 bits). */
function recoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

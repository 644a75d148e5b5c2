import { randomUUID } from "node:crypto";
import { batchOfTheMoment } from "@igp/ledger";
import type pg from "pg";
import type { Queryable } from "../database/queryable.ts";
import { describeDevice } from "./device-name.ts";
import { TOKEN_LIFETIME_SECONDS, type TokenClaims, type Tokens } from "./tokens.ts";
import type { UserRow } from "./users-repository.ts";

/** The browser's cookie that carries a session's token (http/session-cookie.ts sets it). */
export const SESSION_COOKIE = "igp_session";

/** Where a sign-in came from: kept with its session for the owner's list. */
export interface SessionOrigin {
  userAgent: string;
  address: string;
}

/** A session as its owner sees it in the profile. */
export interface SessionSummary {
  id: string;
  device: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** Why a token is refused, or the account it lets in. */
export type SessionCheck = { ok: true; user: UserRow } | { ok: false; reason: "blocked" | "ended" };

/** How stale `last_seen_at` may grow before a request writes it again. */
const TOUCH_AFTER_MS = 60_000;

interface OpenSession {
  user: UserRow;
  ended: boolean;
  lastSeenAt: Date;
}

/**
 * Sessions: one row per sign-in (user_sessions). `start` is the one place a session begins,
 * whatever the way in (password, registration, Google, Telegram, a password change): it writes
 * the row and issues the token that names it. A token is let in while its row has not ended and
 * its version is the account's; a sign-out ends one row, a sign-out everywhere bumps the version.
 */
export class Sessions {
  /** The sessions behind the requests that arrive together, with their accounts, in one query. */
  private readonly open = batchOfTheMoment<string, OpenSession | null>(async (ids) => {
    const { rows } = await this.db.query(
      `SELECT to_jsonb(u) AS user, s.id AS session_id, s.last_seen_at,
              (s.ended_at IS NOT NULL OR s.expires_at <= now()) AS ended
         FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ANY($1)`,
      [ids],
    );
    const byId = new Map(
      rows.map((row) => [
        row.session_id,
        { user: row.user as UserRow, ended: row.ended, lastSeenAt: row.last_seen_at },
      ]),
    );
    return ids.map((id) => byId.get(id) ?? null);
  }, 100);

  constructor(
    private readonly db: pg.Pool,
    private readonly tokens: Tokens,
  ) {}

  /** Starts a session for `user` (already allowed in) and answers its token. */
  async start(
    user: Pick<UserRow, "id" | "role" | "token_version">,
    origin: SessionOrigin,
  ): Promise<{ token: string; sessionId: string }> {
    const sessionId = randomUUID();
    await this.db.query(
      `INSERT INTO user_sessions
         (id, user_id, expires_at, token_version_at_start, user_agent, address)
       VALUES ($1, $2, now() + make_interval(secs => $3), $4, left($5, 512), $6)`,
      [
        sessionId,
        user.id,
        TOKEN_LIFETIME_SECONDS,
        user.token_version,
        origin.userAgent,
        origin.address,
      ],
    );
    const token = await this.tokens.issue({
      userId: user.id,
      role: user.role,
      version: user.token_version,
      sessionId,
    });
    return { token, sessionId };
  }

  /**
   * The account a verified token lets in: its session open, the account's version unchanged, not
   * blocked (checked first: blocking also bumps the version, and the owner should learn why).
   */
  async check(claims: TokenClaims, address: string): Promise<SessionCheck> {
    const found = await this.open(claims.sessionId);
    if (found?.user.status === "blocked") return { ok: false, reason: "blocked" };
    if (
      !found ||
      found.ended ||
      found.user.id !== claims.userId ||
      found.user.token_version !== claims.version
    )
      return { ok: false, reason: "ended" };
    if (Date.now() - new Date(found.lastSeenAt).getTime() > TOUCH_AFTER_MS)
      await this.touch({ sessionId: claims.sessionId, address });
    return { ok: true, user: found.user };
  }

  /** Ends one of `userId`'s sessions; false when it has none of that id still open. */
  async end(userId: string, sessionId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE user_sessions SET ended_at = now()
        WHERE id = $1 AND user_id = $2 AND ended_at IS NULL`,
      [sessionId, userId],
    );
    return rowCount === 1;
  }

  /** Ends every session of the account (its token version is bumped by the caller too). */
  async endAll(userId: string, db: Queryable = this.db): Promise<void> {
    await db.query(
      "UPDATE user_sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL",
      [userId],
    );
  }

  /** The account's open sessions, the most recently seen first. */
  async list(userId: string, currentId: string | undefined): Promise<SessionSummary[]> {
    const { rows } = await this.db.query(
      `SELECT s.id, s.user_agent, s.address, s.created_at, s.last_seen_at
         FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
          AND s.token_version_at_start = u.token_version
        ORDER BY s.last_seen_at DESC, s.id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.user_agent),
      address: row.address,
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      current: row.id === currentId,
    }));
  }

  /**
   * The sessions seen in one moment, written in one statement: a burst of joins by players whose
   * last request is over a minute old wrote a row each, one statement per join.
   */
  private readonly touch = batchOfTheMoment<{ sessionId: string; address: string }, void>(
    async (seen) => {
      await this.db.query(
        `UPDATE user_sessions s SET last_seen_at = now(), address = c.address
           FROM unnest($1::uuid[], $2::text[]) AS c(id, address) WHERE s.id = c.id`,
        [seen.map((one) => one.sessionId), seen.map((one) => one.address)],
      );
      return seen.map(() => undefined);
    },
    100,
  );
}

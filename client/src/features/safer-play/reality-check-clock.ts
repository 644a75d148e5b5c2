/**
 * The reality check's session (docs/safer-play.md): it starts at the first game screen of this
 * tab and lasts until the player stops, kept in the tab's sessionStorage with the balances it
 * started with. The net result is the balances' change since then.
 */
const KEY = "realityCheckSession";

export interface PlaySession {
  startedAt: number;
  /** Main + bonus when the session started (major units). */
  startBalance: number;
  /** When the last check was shown or answered. */
  lastCheckAt: number;
}

export function playSession(now: number, balance: number): PlaySession {
  const stored = globalThis.sessionStorage?.getItem(KEY);
  if (stored) {
    try {
      return JSON.parse(stored) as PlaySession;
    } catch {}
  }
  const session = { startedAt: now, startBalance: balance, lastCheckAt: now };
  sessionStorage.setItem(KEY, JSON.stringify(session));
  return session;
}

export function saveSession(session: PlaySession) {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function endSession() {
  sessionStorage.removeItem(KEY);
}

/** Whether a check is due after `minutes` (0: never) at `now`. */
export const checkDue = (session: PlaySession, minutes: number, now: number) =>
  minutes > 0 && now - session.lastCheckAt >= minutes * 60_000;

/** Whole minutes played, and the net result in cents-exact major units. */
export function sessionFigures(session: PlaySession, now: number, balance: number) {
  return {
    minutes: Math.floor((now - session.startedAt) / 60_000),
    net: Math.round((balance - session.startBalance) * 100) / 100,
  };
}

import type { LoginResponse } from "@igp/shared";
import { SESSION_USER } from "@igp/shared/page-reads";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from "react";
import { ApiError, api, browserSession } from "./api-client.ts";
import { type Balances, nothingShownYet, shownWallet } from "./held-balances.ts";
import { usePageAnswer } from "./page-data.tsx";

export type SessionUser = Omit<
  LoginResponse,
  "token" | "failedSignInAttempts" | "notice" | "recoveryCodes"
>;

interface Session {
  user: SessionUser | null;
  loading: boolean;
  /**
   * The browser holds a session but the server did not answer who it is (down, slow, a network
   * error): the account's pages say so instead of sending the player to sign in, and the session
   * is read again every few seconds until it answers.
   */
  unreachable: boolean;
  /** A sign-in's answer (the server has set the session's cookie). */
  signIn(response: LoginResponse): void;
  /** Keeps an external sign-in's session (/process/{token}) in this browser and loads its user. */
  adopt(token: string): Promise<void>;
  /** Ends this device's session (the server clears its cookie). */
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  /**
   * A realtime `balanceUpdated` (or a purchase's answer): changes only the balances; `round`
   * names the round whose payout or refund the move includes.
   */
  applyBalances(balances: Balances & { round?: string }): void;
  /**
   * Keeps a rise in the balances (a payout) off the screens until the returned release is called:
   * every rise (a round screen from its start notice until its animation lands), or only a given
   * round's (from the player's lock until its animation lands). See held-balances.ts.
   */
  holdBalances(round?: string): () => void;
  /** A rise in the balances is being kept back. */
  balancesHeld: boolean;
  /** Whether the realtime channel is connected (then balances are not polled). */
  setLive(live: boolean): void;
}

const SessionContext = createContext<Session | null>(null);

/** How often balances are re-read while the realtime channel is down and the page visible. */
const BALANCE_REFRESH_MS = 5_000;
/** How soon an unanswered session read is tried again. */
const UNREACHABLE_RETRY_MS = 3_000;

/**
 * The signed-in user and both balances, kept fresh while the page is open. A page the server
 * rendered for the session starts from its user: known before the first render, not read again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const rendered = usePageAnswer<SessionUser>(SESSION_USER);
  const [{ user, held }, dispatch] = useReducer(
    shownWallet<SessionUser>,
    rendered ?? null,
    (known) => ({
      ...nothingShownYet<SessionUser>(),
      user: known,
    }),
  );
  const setUser = useCallback(
    (next: SessionUser | null) => dispatch({ type: "user", user: next }),
    [],
  );
  const [loading, setLoading] = useState(() => !rendered && browserSession.exists());
  const [unreachable, setUnreachable] = useState(false);
  const [live, setLive] = useState(false);
  const applyBalances = useCallback(
    ({ mainBalance, bonusBalance, round }: Balances & { round?: string }) =>
      dispatch({ type: "balances", balances: { mainBalance, bonusBalance }, round }),
    [],
  );
  const holdBalances = useCallback((round?: string) => {
    dispatch({ type: "hold", round });
    let held = true;
    return () => {
      if (held) dispatch({ type: "release", round });
      held = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    if (!browserSession.exists()) return setUser(null);
    try {
      setUser(await api<SessionUser>(SESSION_USER));
      setUnreachable(false);
    } catch (error) {
      // Refused: the server has cleared the session's cookies.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        browserSession.changed();
        setUser(null);
        setUnreachable(false);
      } else setUnreachable(true);
    } finally {
      setLoading(false);
    }
  }, [setUser]);

  const knownAtStart = Boolean(rendered);
  useEffect(() => {
    if (!knownAtStart) void refresh();
  }, [knownAtStart, refresh]);

  // Not answered: asked again until it is (and at once when the device is back online).
  useEffect(() => {
    if (!unreachable) return;
    const retry = () => void refresh();
    const timer = setInterval(retry, UNREACHABLE_RETRY_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [unreachable, refresh]);

  // Not while the age question is all the page shows: no balance to keep fresh, and a re-read
  // in flight when the player declines (signs out) would be refused.
  const signedIn = Boolean(user) && !user?.ageConfirmationDue;
  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (!live && document.visibilityState === "visible") void refresh();
    }, BALANCE_REFRESH_MS);
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [signedIn, live, refresh]);

  const session = useMemo<Session>(
    () => ({
      user,
      loading,
      unreachable: unreachable && !user,
      signIn({
        token: _,
        failedSignInAttempts: __,
        notice: ___,
        recoveryCodes: ____,
        ...signedIn
      }) {
        browserSession.changed();
        setUser(signedIn);
      },
      async adopt(token) {
        // Google and Telegram's redirects have set the cookie already; a link from elsewhere
        // (another app handing over its sign-in) has the server set it for this token.
        if (!browserSession.exists())
          await api("/api/auth/session", { method: "POST", token }).catch(() => {});
        browserSession.changed();
        await refresh();
      },
      async signOut() {
        await api("/api/auth/logout", { method: "POST" }).catch(() => {});
        browserSession.changed();
        setUser(null);
      },
      refresh,
      applyBalances,
      holdBalances,
      balancesHeld: held !== null,
      setLive,
    }),
    [user, held, loading, unreachable, refresh, applyBalances, holdBalances, setUser],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}

/** Staff, who land in the back office: agents, the superAdmin and auditors. */
export const isAdminRole = (role: string | undefined) =>
  Boolean(role?.includes("dmin")) || role === "auditor";

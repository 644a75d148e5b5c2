import type { LoginResponse } from "@igp/shared";
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
import { ApiError, api, tokenStore } from "./api-client.ts";
import { type Balances, nothingShownYet, shownWallet } from "./held-balances.ts";

export type SessionUser = Omit<LoginResponse, "token" | "failedSignInAttempts" | "notice">;

interface Session {
  user: SessionUser | null;
  loading: boolean;
  signIn(response: LoginResponse): void;
  /** Stores a token from an external sign-in (/process/{token}) and loads its user. */
  adopt(token: string): Promise<void>;
  signOut(): void;
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

/** The signed-in user and both balances, kept fresh while the page is open. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [{ user, held }, dispatch] = useReducer(
    shownWallet<SessionUser>,
    nothingShownYet<SessionUser>(),
  );
  const setUser = useCallback(
    (next: SessionUser | null) => dispatch({ type: "user", user: next }),
    [],
  );
  const [loading, setLoading] = useState(Boolean(tokenStore.get()));
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
    if (!tokenStore.get()) return setUser(null);
    try {
      setUser(await api<SessionUser>("/api/login/user"));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        tokenStore.clear();
        setUser(null);
      }
    } finally {
      setLoading(false);
    }
  }, [setUser]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const signedIn = Boolean(user);
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
      signIn({ token, failedSignInAttempts: _, notice: __, ...signedIn }) {
        tokenStore.set(token);
        setUser(signedIn);
      },
      async adopt(token) {
        tokenStore.set(token);
        await refresh();
      },
      signOut() {
        tokenStore.clear();
        setUser(null);
      },
      refresh,
      applyBalances,
      holdBalances,
      balancesHeld: held !== null,
      setLive,
    }),
    [user, held, loading, refresh, applyBalances, holdBalances, setUser],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}

export const isAdminRole = (role: string | undefined) => Boolean(role?.includes("dmin"));

export interface Balances {
  mainBalance: number;
  bonusBalance: number;
}

/**
 * The balances the screens show, which may lag the wallet on purpose. The server pays a round's
 * winner before the coin lands or the wheel stops, and pushes the new balances at once: shown
 * then, they would tell the outcome before the animation does. So while a round screen holds
 * the balances, a push that raises either balance (a payout) waits, the latest one kept; one
 * that raises neither (a stake) shows at once, so a player never sees more to spend than they
 * have. When the last hold is released, what waited shows. The server decides; this only
 * chooses when the screen tells.
 */
export interface ShownWallet<User extends Balances> {
  user: User | null;
  /** The latest balances kept back; null when the screen shows the wallet as it is. */
  held: Balances | null;
  /** How many screens hold the balances now. */
  holds: number;
}

export type ShownWalletEvent<User extends Balances> =
  /** Signed in, re-read from the API, or signed out (null). */
  | { type: "user"; user: User | null }
  /** The realtime channel's `balanceUpdated`. */
  | { type: "balances"; balances: Balances }
  | { type: "hold" }
  | { type: "release" };

const raises = (next: Balances, shown: Balances) =>
  next.mainBalance > shown.mainBalance || next.bonusBalance > shown.bonusBalance;

export function shownWallet<User extends Balances>(
  state: ShownWallet<User>,
  event: ShownWalletEvent<User>,
): ShownWallet<User> {
  if (event.type === "hold") return { ...state, holds: state.holds + 1 };
  if (event.type === "release") {
    const holds = Math.max(0, state.holds - 1);
    if (holds > 0 || !state.held) return { ...state, holds };
    return { user: state.user && { ...state.user, ...state.held }, held: null, holds };
  }
  const user =
    event.type === "user" ? event.user : state.user && { ...state.user, ...event.balances };
  if (!user) return { ...state, user: null, held: null };
  const shown = state.user;
  if (state.holds === 0 || !shown || !raises(user, shown)) return { ...state, user, held: null };
  const { mainBalance, bonusBalance } = user;
  return {
    ...state,
    user: { ...user, mainBalance: shown.mainBalance, bonusBalance: shown.bonusBalance },
    held: { mainBalance, bonusBalance },
  };
}

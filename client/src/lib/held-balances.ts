export interface Balances {
  mainBalance: number;
  bonusBalance: number;
}

/**
 * The balances the screens show, which may lag the wallet on purpose. The server pays a round's
 * winner before the coin lands or the wheel stops, and pushes the new balances at once: shown
 * then, they would tell the outcome before the animation does. So a rise in either balance (a
 * payout) waits while it must, the latest one kept; a push that raises neither (a stake) shows
 * at once, so a player never sees more to spend than they have. A rise waits
 * - while any screen holds all balances (a round's start notice and animation), or
 * - when it comes from a round a screen holds (the server names it: a player seated in that
 *   round, from the lock until its animation lands), whenever its push arrives, or
 * - when it is an API re-read while a round is held (it could hold that round's payout), or
 * - once something waits, every later rise (balances are totals: they include what waits),
 *   even after a fall that showed at once, until the holds are released.
 * When the last hold is released, what waited shows. The server decides; this only chooses when
 * the screen tells.
 */
export interface ShownWallet<User extends Balances> {
  user: User | null;
  /** The latest balances kept back; null when the screen shows the wallet as it is. */
  held: Balances | null;
  /** How many screens hold all balances now. */
  holds: number;
  /** The rounds held (once per hold), whose payouts and refunds wait for their animation. */
  rounds: string[];
}

export type ShownWalletEvent<User extends Balances> =
  /** Signed in, re-read from the API, or signed out (null). */
  | { type: "user"; user: User | null }
  /** The realtime channel's `balanceUpdated`; `round` when the move includes a round's credit. */
  | { type: "balances"; balances: Balances; round?: string }
  /** A hold on every rise, or on the rises a round brings. */
  | { type: "hold"; round?: string }
  | { type: "release"; round?: string };

const raises = (next: Balances, shown: Balances) =>
  next.mainBalance > shown.mainBalance || next.bonusBalance > shown.bonusBalance;

export const nothingShownYet = <User extends Balances>(): ShownWallet<User> => ({
  user: null,
  held: null,
  holds: 0,
  rounds: [],
});

export function shownWallet<User extends Balances>(
  state: ShownWallet<User>,
  event: ShownWalletEvent<User>,
): ShownWallet<User> {
  switch (event.type) {
    case "hold":
      return event.round === undefined
        ? { ...state, holds: state.holds + 1 }
        : { ...state, rounds: [...state.rounds, event.round] };
    case "release":
      return showWhatWaitedIfFree(released(state, event.round));
    case "user":
      if (!event.user) return { ...state, user: null, held: null };
      return show(state, event.user, state.rounds.length > 0);
    case "balances":
      if (!state.user) return state;
      return show(
        state,
        { ...state.user, ...event.balances },
        event.round !== undefined && state.rounds.includes(event.round),
      );
  }
}

function released<User extends Balances>(state: ShownWallet<User>, round?: string) {
  if (round === undefined) return { ...state, holds: Math.max(0, state.holds - 1) };
  const index = state.rounds.indexOf(round);
  if (index < 0) return state;
  return { ...state, rounds: state.rounds.filter((_, i) => i !== index) };
}

function showWhatWaitedIfFree<User extends Balances>(state: ShownWallet<User>) {
  if (state.holds > 0 || state.rounds.length > 0 || !state.held) return state;
  return { ...state, user: state.user && { ...state.user, ...state.held }, held: null };
}

/** Shows `user`, or keeps its balances back when they rise and must wait. */
function show<User extends Balances>(state: ShownWallet<User>, user: User, roundHeld: boolean) {
  const shown = state.user;
  const waits = state.holds > 0 || roundHeld || state.held !== null;
  if (!shown || !waits) return { ...state, user, held: null };
  const { mainBalance, bonusBalance } = user;
  // A fall shows at once; if a held round's rise waited (or this is one), later rises still
  // wait for the release: the total shown now includes that round's credit.
  if (!raises(user, shown))
    return {
      ...state,
      user,
      held: state.held !== null || roundHeld ? { mainBalance, bonusBalance } : null,
    };
  return {
    ...state,
    user: { ...user, mainBalance: shown.mainBalance, bonusBalance: shown.bonusBalance },
    held: { mainBalance, bonusBalance },
  };
}

import { MAX_BALANCE_MINOR } from "@igp/shared";
import { useCallback, useSyncExternalStore } from "react";
import {
  type DemoGame,
  type DemoState,
  HISTORY_LENGTH,
  settleRound,
  startingState,
  TICKETS_PER_DRAW,
} from "./demo-rules.ts";

/**
 * Each demo's play money in the browser's local storage, under its own `demo:` key: never the
 * session's, never sent anywhere. Whatever is stored is checked on every read; anything that is
 * not a valid state (edited by hand, a negative or non-numeric balance) is replaced by the
 * starting state instead of breaking the page.
 */

// Checked by hand, not by a schema: zod (26 KB) would be a demo page's largest download after
// React, for one shape read from this browser's own storage.
type Stored = Record<string, unknown>;
const isRecord = (value: unknown): value is Stored =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isPlayMoney = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_BALANCE_MINOR;
const isOutcome = (value: unknown): value is string =>
  typeof value === "string" && value.length <= 20;
const isTickets = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length <= TICKETS_PER_DRAW &&
  value.every((n) => Number.isInteger(n) && n >= 1 && n <= TICKETS_PER_DRAW) &&
  new Set(value).size === value.length;

/** The state a stored value holds (its known fields only), or null when it holds none. */
function demoStateOf(value: unknown): DemoState | null {
  if (!isRecord(value)) return null;
  const { balance, pending, history, tickets } = value;
  if (!isPlayMoney(balance)) return null;
  if (
    pending !== null &&
    !(isRecord(pending) && isPlayMoney(pending.payout) && isOutcome(pending.outcome))
  )
    return null;
  if (!Array.isArray(history) || history.length > HISTORY_LENGTH || !history.every(isOutcome))
    return null;
  if (!isRecord(tickets)) return null;
  const held = Object.entries(tickets);
  if (!held.every(([lottery, numbers]) => lottery.length <= 20 && isTickets(numbers))) return null;
  return {
    balance,
    pending: pending && { payout: pending.payout as number, outcome: pending.outcome as string },
    history,
    tickets: Object.fromEntries(held) as DemoState["tickets"],
  };
}

export const storageKey = (game: DemoGame) => `demo:${game}`;

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab playing the same demo.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function write(game: DemoGame, state: DemoState): void {
  try {
    localStorage.setItem(storageKey(game), JSON.stringify(state));
  } catch (error) {
    // Storage full or blocked (private mode): the demo still plays, it just will not survive a reload.
    console.warn("Demo play money not saved", error);
  }
  notify();
}

function parse(raw: string | null): DemoState | null {
  if (raw === null) return null;
  try {
    return demoStateOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

function storedText(game: DemoGame): string | null {
  try {
    return localStorage.getItem(storageKey(game));
  } catch {
    // Storage blocked: play from the start, in memory.
    return null;
  }
}

// One parsed state per stored text, so useSyncExternalStore sees a stable snapshot.
const snapshots = new Map<DemoGame, { raw: string | null; state: DemoState }>();

/** The demo's current state; a missing or corrupted store reads as the starting state. */
export function readDemo(game: DemoGame): DemoState {
  const raw = storedText(game);
  const cached = snapshots.get(game);
  if (cached && cached.raw === raw) return cached.state;
  const stored = parse(raw);
  if (raw !== null && !stored) {
    console.warn(`Demo play money of ${game} was not valid; reset to the starting balance`);
  }
  const state = stored ?? startingState(game);
  snapshots.set(game, { raw, state });
  return state;
}

/** Saves the demo's next state (computed by demo-rules.ts from the current one). */
export function saveDemo(game: DemoGame, state: DemoState): void {
  write(game, state);
}

/** Back to the starting play money, tickets and history cleared. */
export function resetDemo(game: DemoGame): void {
  write(game, startingState(game));
}

/** Pays a round whose animation landed. */
export function settleDemo(game: DemoGame): void {
  const state = readDemo(game);
  if (state.pending) write(game, settleRound(state));
}

/**
 * When a demo opens: a round a reload interrupted is paid (its outcome was decided when it was
 * locked), and a corrupted store is saved back as the starting state.
 */
export function openDemo(game: DemoGame): void {
  const state = readDemo(game);
  if (state.pending || storedText(game) !== JSON.stringify(state)) {
    write(game, settleRound(state));
  }
}

/**
 * A demo's state, re-rendered on every change (this tab or another). The demos' pages are
 * prerendered with the starting play money (src/prerender.tsx): hydrating them renders that
 * first, as the build did, then the stored state.
 */
export function useDemo(game: DemoGame): DemoState {
  const read = useCallback(() => readDemo(game), [game]);
  const atStart = useCallback(() => startingDemo(game), [game]);
  return useSyncExternalStore(subscribe, read, atStart);
}

// One starting state per demo, so useSyncExternalStore sees a stable server snapshot.
const starts = new Map<DemoGame, DemoState>();
const startingDemo = (game: DemoGame): DemoState => {
  if (!starts.has(game)) starts.set(game, startingState(game));
  return starts.get(game)!;
};

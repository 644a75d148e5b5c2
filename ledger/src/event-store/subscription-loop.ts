import type { EventStore, SubscribeOptions, Subscription } from "./event-store.ts";

/**
 * How long a woken subscription waits before it reads: the appends of a busy moment are read
 * as one batch instead of one read per append per subscriber (a query each), for a few
 * milliseconds more of delay on a quiet one.
 */
export const WAKE_COALESCE_MS = 5;

/**
 * `minIntervalMs` for the followers no one waits on within milliseconds (the projections, the
 * transfer reactor, the staff and Telegram feeds): under a stream of appends (100 joins/s are
 * 200 appends/s) each reads and handles a batch per this interval instead of one per append, a
 * transaction and a dozen statements each for the projections.
 */
export const FOLLOWER_INTERVAL_MS = 50;

/**
 * Follows `store.readAll` from a position: reads batches while they come full, then waits for a
 * wake-up (an append in this process, read `coalesceMs` later) or the idle poll interval
 * (appends from other processes).
 */
export function pollingSubscription(
  store: Pick<EventStore, "readAll">,
  options: SubscribeOptions,
  wakeups: { on(listener: () => void): () => void },
  idlePollMs = 100,
  coalesceMs = WAKE_COALESCE_MS,
): Subscription {
  const batchSize = options.batchSize ?? 500;
  const minIntervalMs = options.minIntervalMs ?? 0;
  let after = options.after;
  let lastRead = Number.NEGATIVE_INFINITY;
  let stopped = false;
  let wake: (() => void) | null = null;
  let stopSleeping: (() => void) | null = null;
  const unsubscribe = wakeups.on(() => wake?.());

  /**
   * How long a wake-up waits: `coalesceMs`, or, read less than `minIntervalMs` ago, until the
   * next multiple of it on the clock, so that every such subscriber of the process reads in the
   * same moment (one query for all where they follow the same head: see readAllOfTheMoment).
   */
  const wakeDelay = (now: number) => {
    const due = lastRead + minIntervalMs;
    if (minIntervalMs === 0 || due <= now + coalesceMs) return coalesceMs;
    return Math.ceil(due / minIntervalMs) * minIntervalMs - now;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      let timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        stopSleeping = null;
        resolve();
      }
      wake = () => {
        wake = null;
        clearTimeout(timer);
        timer = setTimeout(done, wakeDelay(Date.now()));
      };
      stopSleeping = done;
    });

  const loop = async () => {
    while (!stopped) {
      try {
        lastRead = Date.now();
        const events = await store.readAll({ after, maxCount: batchSize });
        if (stopped) break;
        if (events.length > 0) {
          await options.onEvents(events);
          after = events.at(-1)!.position;
        }
        if (events.length < batchSize) await sleep(idlePollMs);
      } catch (error) {
        options.onError?.(error);
        await sleep(Math.max(idlePollMs, 500));
      }
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      stopSleeping?.();
      await running;
    },
  };
}

/** A tiny in-process signal: "something was appended". */
export function createWakeups() {
  const listeners = new Set<() => void>();
  return {
    on(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}

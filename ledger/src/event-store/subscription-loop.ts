import type { EventStore, SubscribeOptions, Subscription } from "./event-store.ts";

/**
 * Follows `store.readAll` from a position: reads batches while they come full, then waits for a
 * wake-up (an append in this process) or the idle poll interval (appends from other processes).
 */
export function pollingSubscription(
  store: Pick<EventStore, "readAll">,
  options: SubscribeOptions,
  wakeups: { on(listener: () => void): () => void },
  idlePollMs = 100,
): Subscription {
  const batchSize = options.batchSize ?? 500;
  let after = options.after;
  let stopped = false;
  let wake: (() => void) | null = null;
  const unsubscribe = wakeups.on(() => wake?.());

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = async () => {
    while (!stopped) {
      try {
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
      wake?.();
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

import DataLoader from "dataloader";

/**
 * Gathers what is asked in one turn of the event loop (the requests read off the sockets at
 * once, the rounds settling together) and hands it to `run` as one batch: one query for many
 * instead of a query each queueing for the pool's connections. Nothing is cached: each ask is
 * answered by a batch that ran after it was made, so it sees at least what it would alone.
 * `run` answers the keys in their order.
 */
export function batchOfTheMoment<K, V>(
  run: (keys: readonly K[]) => Promise<V[]>,
  maxBatchSize = Number.POSITIVE_INFINITY,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(run, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (dispatch) => setImmediate(dispatch),
  });
  return (key) => loader.load(key);
}

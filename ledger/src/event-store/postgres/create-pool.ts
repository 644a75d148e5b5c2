import pg from "pg";

/**
 * A connection pool that survives its connections being closed by the server (a restart, a
 * terminated backend, a dropped database): the pool discards them and opens new ones. Without
 * an `error` listener, node-postgres would turn that into an uncaught exception. The pool
 * listens to its idle connections only; a connection lent out and between two of its holder's
 * queries when the server goes (a transaction's statements, a lock held) is listened to here:
 * the holder's next query fails, and the pool drops it when it comes back.
 */
export function createPgPool(
  connectionString: string,
  max = 16,
  onConnectionError?: (error: Error) => void,
): pg.Pool {
  // A database that does not answer fails a request within seconds instead of holding it.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  pool.on("error", (error) => onConnectionError?.(error));
  const lent = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => lent.add(client));
  pool.on("release", (_error, client) => lent.delete(client));
  pool.on("connect", (client) =>
    client.on("error", (error) => lent.has(client) && onConnectionError?.(error)),
  );
  return pool;
}

import pg from "pg";

/**
 * A connection pool that survives its idle connections being closed by the server (a restart,
 * a terminated backend, a dropped database): the pool discards them and opens new ones. Without
 * an `error` listener, node-postgres would turn that into an uncaught exception.
 */
export function createPgPool(
  connectionString: string,
  max = 16,
  onIdleError?: (error: Error) => void,
): pg.Pool {
  // A database that does not answer fails a request within seconds instead of holding it.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  pool.on("error", (error) => onIdleError?.(error));
  return pool;
}

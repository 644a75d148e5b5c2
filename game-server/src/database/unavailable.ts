/** What callers are told while the database cannot be reached (HTTP 503). */
export const DATABASE_UNAVAILABLE =
  "The service is temporarily unavailable. Please try again in a moment.";

/** Network errors of a refused, reset or timed-out connection. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
/** PostgreSQL SQLSTATEs of a server shutting down, starting up or out of connections. */
const SERVER_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08006",
]);
const MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
];

/**
 * Whether an error (or one it wraps) says the database could not be reached, rather than that a
 * query was wrong: such failures are temporary and nothing was committed by the failed call.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.has(code))) return true;
  if (MESSAGES.some((message) => error.message.includes(message))) return true;
  const nested = error instanceof AggregateError ? error.errors : [error.cause];
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * The server's answers about an Idempotency-Key (game-server/src/http/plugins/idempotency.ts);
 * the web client sends a request again on `stillProcessing` (client/src/lib/send-once.ts).
 */
export const IDEMPOTENCY_MESSAGES = {
  badKey: "Idempotency-Key must be 1 to 100 visible characters.",
  otherRequest: "This Idempotency-Key was already used for a different request.",
  stillProcessing: "A request with this Idempotency-Key is still being processed.",
} as const;

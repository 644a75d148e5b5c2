import { IDEMPOTENCY_MESSAGES } from "@igp/shared";
import { ApiError, api } from "./api-client.ts";

/** How often a money call is sent when its answers are lost, and the pause before each retry. */
const ATTEMPTS = 3;
const PAUSE_MS = 600;

/**
 * A POST that moves money (a stake, a ticket, a deposit or withdrawal request), sent with an
 * Idempotency-Key of its own. When its answer is lost on the way (the connection dropped, a proxy
 * answered 502-504 while the server restarted) or the first try is still being worked on, it is
 * sent again with the same key and body: the server answers with the first try's result, so the
 * money moves once however often it is sent (docs/architecture.md, HTTP API).
 */
export async function sendOnce<T>(path: string, body: unknown): Promise<T> {
  const headers = { "idempotency-key": newKey() };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api<T>(path, { body, headers });
    } catch (error) {
      if (attempt === ATTEMPTS || !answerLost(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
    }
  }
}

/** No answer of the server's own: the request may or may not have been carried out. */
function answerLost(error: unknown): boolean {
  if (!(error instanceof ApiError)) return error instanceof TypeError; // fetch's network failure
  return (
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504 ||
    (error.status === 409 && error.message === IDEMPOTENCY_MESSAGES.stillProcessing)
  );
}

/** 128 random bits as hex (getRandomValues works where randomUUID needs a secure page). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

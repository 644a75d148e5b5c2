/**
 * The few Bot API methods the platform calls (core.telegram.org/bots/api), over HTTPS at
 * TELEGRAM_BOT_API_URL (tests point it at a fake Bot API). An answer says what to do next:
 * done, wait (429's `retry_after`), try later (a network failure, a 5xx), or give up (a request
 * Telegram refuses for good: the player blocked the bot, the chat does not exist...).
 */
export type BotApiAnswer<T> =
  | { outcome: "done"; result: T }
  | { outcome: "rate-limited"; retryAfterSeconds: number; description: string }
  | { outcome: "failed"; description: string }
  | { outcome: "refused"; description: string };

export interface BotApi {
  call<T = unknown>(method: string, params: Record<string, unknown>): Promise<BotApiAnswer<T>>;
}

const TIMEOUT_MS = 10_000;

export function createBotApi({ baseUrl, token }: { baseUrl: string; token: string }): BotApi {
  const root = baseUrl.replace(/\/$/, "");
  return {
    async call<T>(method: string, params: Record<string, unknown>): Promise<BotApiAnswer<T>> {
      let response: Response;
      try {
        response = await fetch(`${root}/bot${token}/${method}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        return { outcome: "failed", description: `network: ${(error as Error).message}` };
      }
      const body = (await response.json().catch(() => null)) as TelegramAnswer<T> | null;
      const description = body?.description ?? `HTTP ${response.status}`;
      if (response.ok && body?.ok) return { outcome: "done", result: body.result as T };
      if (response.status === 429)
        return {
          outcome: "rate-limited",
          retryAfterSeconds: Math.max(1, body?.parameters?.retry_after ?? 1),
          description,
        };
      if (response.status >= 500 || !body) return { outcome: "failed", description };
      return { outcome: "refused", description };
    },
  };
}

interface TelegramAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  parameters?: { retry_after?: number };
}

import { z } from "zod";
import { CODE_ALPHABET, CODE_LENGTH } from "../words.ts";
import { text } from "./text.ts";

export const OPEN_FROM_TELEGRAM = "Open the game from Telegram to sign in.";

/** Init data as Telegram hands it to a Mini App: a query string, signed with the bot's token. */
export const miniAppSignInSchema = z.object({
  initData: text("Telegram init data", { required: OPEN_FROM_TELEGRAM })
    .min(1, OPEN_FROM_TELEGRAM)
    .max(4096, "Telegram init data is too long."),
});
export type MiniAppSignIn = z.infer<typeof miniAppSignInSchema>;

/**
 * Where a Mini App link opens (its `startapp` parameter: at most 64 of A-Z a-z 0-9 _ -): a round
 * by its code (a private game shared with a friend), a lottery by its code, or the deposit screen.
 */
export type StartTarget =
  | { kind: "game"; code: string }
  | { kind: "lottery"; code: string }
  | { kind: "deposit" };

const CODED = new RegExp(`^(game|lottery)-([${CODE_ALPHABET}]{${CODE_LENGTH}})$`);

/** The target a `startapp` parameter names, or null for none of ours. */
export function parseStartParam(value: string | undefined | null): StartTarget | null {
  if (!value) return null;
  if (value === "deposit") return { kind: "deposit" };
  const coded = CODED.exec(value);
  if (!coded) return null;
  return { kind: coded[1] as "game" | "lottery", code: coded[2]! };
}

/** The `startapp` parameter that opens a target (parseStartParam's inverse). */
export function startParamOf(target: StartTarget): string {
  return target.kind === "deposit" ? "deposit" : `${target.kind}-${target.code}`;
}

/**
 * The link that opens the Mini App at a target: `https://t.me/<bot>/<app>?startapp=...` for an
 * app registered with BotFather's /newapp, else the bot's main Mini App `https://t.me/<bot>?startapp=...`.
 */
export function miniAppLink(
  app: { botName: string; appName: string | null },
  target: StartTarget,
): string {
  const path = app.appName ? `${app.botName}/${app.appName}` : app.botName;
  return `https://t.me/${path}?startapp=${startParamOf(target)}`;
}

import type { Config } from "../config/config.ts";

/** The bot behind the login widget and the Mini App (docs/telegram.md). */
export interface TelegramSettings {
  botToken: string;
  botName: string;
  /** The Mini App's short name (BotFather /newapp), or null for the bot's main Mini App. */
  appName: string | null;
  /** Where Telegram opens the Mini App, when configured (the menu button; framing by web.telegram.org). */
  miniAppUrl: string | null;
  /** How old init data may be to sign in. */
  initDataMaxAgeSeconds: number;
}

export function telegramSettingsFrom(config: Config): TelegramSettings | null {
  if (!config.TELEGRAM_BOT_TOKEN || !config.TELEGRAM_BOT_NAME) return null;
  return {
    botToken: config.TELEGRAM_BOT_TOKEN,
    botName: config.TELEGRAM_BOT_NAME,
    appName: config.TELEGRAM_MINI_APP_NAME ?? null,
    miniAppUrl: config.TELEGRAM_MINI_APP_URL ?? null,
    initDataMaxAgeSeconds: config.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS,
  };
}

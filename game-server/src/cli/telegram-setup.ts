import { parseEnv } from "../config/config.ts";
import { createBotApi } from "../telegram/bot-api.ts";
import { setUpBot } from "../telegram/bot-setup.ts";
import { runTool } from "./tool-database.ts";

/**
 * `npm run telegram:setup`: sets the bot's menu button to open the Mini App (docs/telegram.md).
 * Needs TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_NAME and TELEGRAM_MINI_APP_URL; safe to run again.
 */
runTool(async () => {
  const env = parseEnv(process.env);
  if (!env.TELEGRAM_BOT_TOKEN || !env.TELEGRAM_BOT_NAME || !env.TELEGRAM_MINI_APP_URL) {
    console.error(
      "Set TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_NAME and TELEGRAM_MINI_APP_URL first (docs/telegram.md).",
    );
    return 1;
  }
  const bot = createBotApi({ baseUrl: env.TELEGRAM_BOT_API_URL, token: env.TELEGRAM_BOT_TOKEN });
  const done = await setUpBot(bot, {
    botName: env.TELEGRAM_BOT_NAME,
    miniAppUrl: env.TELEGRAM_MINI_APP_URL,
  });
  for (const line of done) console.log(line);
  return 0;
});

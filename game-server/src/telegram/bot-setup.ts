import type { BotApi } from "./bot-api.ts";

/** The label of the button beside the chat's input that opens the Mini App. */
export const MENU_BUTTON_TEXT = "Play";

/**
 * Points the bot at the Mini App (`npm run telegram:setup`, docs/telegram.md): checks the token
 * (getMe) and that it is the configured bot, then sets the chat menu button of every chat with
 * the bot to open `miniAppUrl` (setChatMenuButton). Returns what it did, line by line; throws with
 * Telegram's words when it refuses.
 */
export async function setUpBot(
  bot: BotApi,
  { botName, miniAppUrl }: { botName: string; miniAppUrl: string },
): Promise<string[]> {
  const me = await bot.call<{ username: string; first_name: string }>("getMe", {});
  if (me.outcome !== "done") throw new Error(`The Bot API refused the token: ${me.description}`);
  if (me.result.username.toLowerCase() !== botName.toLowerCase())
    throw new Error(
      `The token is @${me.result.username}'s, but TELEGRAM_BOT_NAME is ${botName}: set it to ${me.result.username}.`,
    );
  const menu = await bot.call("setChatMenuButton", {
    menu_button: { type: "web_app", text: MENU_BUTTON_TEXT, web_app: { url: miniAppUrl } },
  });
  if (menu.outcome !== "done")
    throw new Error(`Telegram refused the menu button: ${menu.description}`);
  return [
    `Bot @${me.result.username} (${me.result.first_name}) answers with this token.`,
    `Its menu button "${MENU_BUTTON_TEXT}" now opens ${miniAppUrl} in every chat with it.`,
    `Invite link of a private game: https://t.me/${me.result.username}?startapp=game-<CODE>`,
  ];
}

import { createHmac } from "node:crypto";

/** A bot token of the shape BotFather gives, for tests only. */
export const TEST_BOT_TOKEN = "7000000001:AAHtestTOKENforMiniAppsOnlyNotReal_123";
export const OTHER_BOT_TOKEN = "7000000002:AAHanotherBOTsTokenNotOursAtAll_456";
export const TEST_BOT_NAME = "igp_test_bot";

export interface TelegramTestUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  allows_write_to_pm?: boolean;
}

/**
 * Init data as Telegram signs it for a Mini App (core.telegram.org/bots/webapps, "Validating
 * data received via the Mini App"), written here from the documentation rather than with the
 * library the server validates with: the fields sorted as `key=value` lines, HMAC-SHA256 keyed
 * with HMAC-SHA256("WebAppData", bot token), hex. Returns the query string a Mini App receives.
 */
export function signInitData(
  fields: { user: TelegramTestUser; start_param?: string; query_id?: string },
  { botToken = TEST_BOT_TOKEN, authDate = new Date() }: { botToken?: string; authDate?: Date } = {},
): string {
  const values: Record<string, string> = {
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
    query_id: fields.query_id ?? `AAH${Math.random().toString(36).slice(2, 14)}`,
    user: JSON.stringify(fields.user),
    ...(fields.start_param && { start_param: fields.start_param }),
    // Telegram's Ed25519 signature for third parties: covered by the hash like any field.
    signature: Buffer.from(`sig-${Math.random()}`).toString("base64url"),
  };
  const checkString = Object.keys(values)
    .sort()
    .map((key) => `${key}=${values[key]}`)
    .join("\n");
  const secret = createHmac("sha256", "WebAppData").update(botToken).digest();
  const hash = createHmac("sha256", secret).update(checkString).digest("hex");
  return new URLSearchParams({ ...values, hash }).toString();
}

/** The same init data with one field's value replaced and the hash kept (a tampering). */
export function withField(initData: string, key: string, value: string): string {
  const params = new URLSearchParams(initData);
  params.set(key, value);
  return params.toString();
}

/** The same init data without one field. */
export function withoutField(initData: string, key: string): string {
  const params = new URLSearchParams(initData);
  params.delete(key);
  return params.toString();
}

/** Telegram's light and dark theme parameters (as its apps send them). */
export const LIGHT_THEME = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#707579",
  link_color: "#3390ec",
  button_color: "#3390ec",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f4f4f5",
  section_bg_color: "#ffffff",
};
export const DARK_THEME = {
  bg_color: "#17212b",
  text_color: "#f5f5f5",
  hint_color: "#708499",
  link_color: "#6ab3f3",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#232e3c",
  section_bg_color: "#17212b",
};

/**
 * The address Telegram opens a Mini App at: the page, with the launch parameters in the hash
 * (core.telegram.org/bots/webapps, "Initializing Mini Apps").
 */
export function miniAppAddress(
  url: string,
  launch: { initData: string; startParam?: string; theme?: Record<string, string> },
): string {
  const params = new URLSearchParams({
    tgWebAppData: launch.initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify(launch.theme ?? DARK_THEME),
    ...(launch.startParam && { tgWebAppStartParam: launch.startParam }),
  });
  return `${url}#${params.toString()}`;
}

/**
 * A stand-in for Telegram's Android app around the page, injected before its scripts: it
 * records every method the Mini App posts (`window.__telegram.posted`) and answers the requests
 * a Mini App starts with (theme, viewport, safe areas) as Telegram would.
 */
export const TELEGRAM_BRIDGE_STUB = `
(() => {
  const posted = [];
  window.__telegram = { posted };
  const send = (eventType, eventData) => setTimeout(() => {
    const receive = window.Telegram && window.Telegram.WebView && window.Telegram.WebView.receiveEvent;
    if (receive) receive(eventType, eventData);
    else window.postMessage(JSON.stringify({ eventType, eventData }), "*");
  });
  window.__telegram.send = send;
  window.TelegramWebviewProxy = {
    postEvent(eventType, eventData) {
      const data = eventData ? JSON.parse(eventData) : undefined;
      posted.push({ eventType, eventData: data });
      const theme = JSON.parse(new URLSearchParams(location.hash.slice(1)).get("tgWebAppThemeParams") || "{}");
      if (eventType === "web_app_request_theme") send("theme_changed", { theme_params: theme });
      if (eventType === "web_app_request_viewport")
        send("viewport_changed", { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
      if (eventType === "web_app_request_safe_area")
        send("safe_area_changed", { top: 24, bottom: 34, left: 0, right: 0 });
      if (eventType === "web_app_request_content_safe_area")
        send("content_safe_area_changed", { top: 56, bottom: 0, left: 0, right: 0 });
    },
  };
})();
`;

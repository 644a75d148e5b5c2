import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  isTMA,
  mainButton,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  themeParams,
  viewport,
} from "@tma.js/sdk";
import type { HapticKind, MainButtonAction } from "../../lib/telegram/mini-app-port.ts";

/** What the Mini App read from Telegram at launch. */
export interface Launch {
  /** The signed init data, as the server checks it. */
  initData: string;
  /** The `startapp` parameter of the link that opened it, if any. */
  startParam: string | null;
}

/**
 * Starts the SDK (@tma.js/sdk) once Telegram has answered through its bridge: the theme and the
 * viewport bound to CSS variables (`--tg-theme-*`, `--tg-viewport-*`, safe areas), the Main and
 * Back Buttons and the closing behaviour mounted, the app told it is ready. Null when the page
 * has launch parameters but no Telegram around it (a Mini App link opened in a plain browser).
 */
export async function startTelegram(): Promise<{ launch: Launch; stop(): void } | null> {
  if (!(await isTMA("complete", { timeout: 3000 }).catch(() => false))) return null;
  // No styles from Telegram: the site's policy allows no inline <style> (telegram-theme.css maps its colours).
  const undo: (() => void)[] = [init({ acceptCustomStyles: false })];
  themeParams.mount.ifAvailable();
  miniApp.mount.ifAvailable();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  closingBehavior.mount.ifAvailable();
  const themeVars = themeParams.bindCssVars.ifAvailable();
  if (themeVars.ok) undo.push(themeVars.data);
  applyColorScheme(themeParams.isDark());
  undo.push(themeParams.isDark.sub(applyColorScheme));
  bindViewport(undo);
  miniApp.ready.ifAvailable();
  document.documentElement.classList.add("in-telegram");
  undo.push(() => document.documentElement.classList.remove("in-telegram"));
  const startParam = retrieveLaunchParams().tgWebAppStartParam;
  return {
    launch: { initData: retrieveRawInitData() ?? "", startParam: startParam ?? null },
    stop: () => {
      for (const step of undo.reverse()) step();
    },
  };
}

/** Telegram's light or dark: the site's tokens follow its theme (telegram-theme.css). */
function applyColorScheme(dark: boolean) {
  document.documentElement.dataset.telegramScheme = dark ? "dark" : "light";
}

/** The viewport's height and safe areas as CSS variables, once Telegram has told them. */
function bindViewport(undo: (() => void)[]) {
  const mounting = viewport.mount.ifAvailable();
  if (!mounting.ok) return;
  Promise.resolve(mounting.data)
    .then(() => {
      const bound = viewport.bindCssVars.ifAvailable();
      if (bound.ok) undo.push(bound.data);
      viewport.expand.ifAvailable();
    })
    .catch(() => {});
}

export function showMainButton({ text, enabled, busy, onClick }: MainButtonAction) {
  mainButton.setParams.ifAvailable({
    text,
    isVisible: true,
    isEnabled: enabled,
    isLoaderVisible: busy,
  });
  const off = mainButton.onClick.ifAvailable(onClick);
  return () => {
    if (off.ok) off.data();
    mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
  };
}

export function feel(kind: HapticKind) {
  hapticFeedback.notificationOccurred.ifAvailable(kind);
}

/** Telegram's Back Button: shown while there is somewhere to go back to. */
export function showBackButton(visible: boolean, onBack: () => void) {
  if (!visible) {
    backButton.hide.ifAvailable();
    return () => {};
  }
  backButton.show.ifAvailable();
  const off = backButton.onClick.ifAvailable(onBack);
  return () => {
    if (off.ok) off.data();
  };
}

/** Asks before Telegram closes the app while money is on its way. */
export function confirmClosing(confirm: boolean) {
  if (confirm) closingBehavior.enableConfirmation.ifAvailable();
  else closingBehavior.disableConfirmation.ifAvailable();
}

/** Telegram's share sheet with a link and its text. */
export function share(url: string, text: string) {
  shareURL.ifAvailable(url, text);
}

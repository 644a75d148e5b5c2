/**
 * Whether Telegram opened this page as its Mini App: its launch parameters are in the address
 * (tgWebAppData...), or in the session once the SDK has read them and the address changed (a
 * reload after navigating). A few bytes in the first download; the SDK itself loads only then.
 */
export function launchedInTelegram(): boolean {
  if (typeof window === "undefined") return false;
  if (/[#?&]tgWebApp(Data|Platform)=/.test(window.location.href)) return true;
  try {
    return window.sessionStorage.getItem("tapps/launchParams") !== null;
  } catch {
    return false;
  }
}

import { isGamePage } from "@igp/shared/sign-in-return";

/**
 * The game's page a visitor opened before signing in (a shared private-game link), named by the
 * sign-in page's `?next=` (the server's redirect and SignedInOnly set it). Kept in the tab's
 * sessionStorage so that it survives a detour through registration or Google and Telegram
 * (which come back through /process/{token}); taken once, by whichever sign-in ends.
 */
const KEY = "igp_return_to";

export function rememberReturnTo(next: string | null) {
  if (next && isGamePage(next)) sessionStorage.setItem(KEY, next);
}

export function takeReturnTo(): string | undefined {
  const next = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return next && isGamePage(next) ? next : undefined;
}

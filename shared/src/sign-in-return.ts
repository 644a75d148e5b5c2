// Also exported as @igp/shared/sign-in-return: the browser's first download (the header's
// Sign in link) takes it without the index, whose schemas the bundler cannot leave out.

/** The sign-in page. */
export const SIGN_IN_PAGE = "/auth/login";

/** A game's page: a shared private-game link, a lobby, a table (/play/instant/...). */
const GAME_PAGE = /^\/play\/[A-Za-z0-9_/-]{1,200}$/;

export const isGamePage = (path: string) => GAME_PAGE.test(path);

/**
 * Where a visitor goes from a page behind sign-in: the sign-in page, naming the game's page it
 * came from (`?next=`), so that a shared private-game link is where the player lands once
 * signed in instead of being lost on the way (docs/spec-decisions.md).
 */
export function signInPageFrom(path: string): string {
  return isGamePage(path) ? `${SIGN_IN_PAGE}?next=${encodeURIComponent(path)}` : SIGN_IN_PAGE;
}

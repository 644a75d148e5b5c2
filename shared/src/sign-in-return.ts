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

/**
 * Where a visitor goes from a page behind sign-in whose own choice is `visitorTo`: the sign-in
 * page as signInPageFrom names it, or that choice (the profile: home). The server decides so
 * (game-server's client-pages.ts) and the service worker answers the same (client/src/sw-pages.ts).
 */
export function visitorDestination(visitorTo: string, path: string): string {
  return visitorTo === SIGN_IN_PAGE ? signInPageFrom(path) : visitorTo;
}

/**
 * A page's address as the build names it (`[id]`: any one path segment, its value under that
 * name; `[...]`: the rest of the address), as a pattern of paths and the names of its segments:
 * "/a/[id]" matches "/a/" and one segment, "/a/[...]" "/a" and anything below.
 */
export function pageRoute(address: string): { route: RegExp; params: string[] } {
  if (address === "/") return { route: /^\/$/, params: [] };
  const params: string[] = [];
  const pattern = address
    .slice(1)
    .split("/")
    .map((segment) => {
      if (segment === "[...]") return "(?:/.*)?";
      const param = /^\[(\w+)\]$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      params.push(param[1]!);
      return "/([^/]+)";
    })
    .join("");
  return { route: new RegExp(`^${pattern}$`), params };
}

import { pageRoute, SIGN_IN_PAGE, visitorDestination } from "@igp/shared/sign-in-return";

const GAMES = ["coin-flip", "spin-wheel"] as const;

/**
 * The pages of the build behind sign-in (`SignedInOnly`), by address (`[id]`: any one path
 * segment), each with where a browser without a session goes instead: the sign-in page (naming a
 * game's page it came from), or the page's own choice (the profile: home, as the player spec has
 * it). The server sends such a browser there before any script runs (the build's pages.json,
 * written from this by scripts/prerender-pages.ts: game-server's client-pages.ts), and the
 * service worker, which has this list in its build, sends it at once (sw-pages.ts). Every address
 * here is a page of prerender.tsx (the build checks it).
 */
export const SIGNED_IN_PAGES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    GAMES.flatMap((game) =>
      [
        `/play/instant/${game}/lobby`,
        `/play/instant/${game}`,
        `/play/instant/${game}/[id]`,
        `/create/private/${game}`,
      ].map((address) => [address, SIGN_IN_PAGE]),
    ),
  ),
  "/dashboard/lottery-tickets": SIGN_IN_PAGE,
  "/dashboard/profile": "/",
};

const GATES = Object.entries(SIGNED_IN_PAGES).map(([address, visitorTo]) => ({
  route: pageRoute(address).route,
  visitorTo,
}));

/** Where a browser without a session goes from `path` (no query), or undefined: the page is open to it. */
export function visitorGoesFrom(path: string): string | undefined {
  const gate = GATES.find(({ route }) => route.test(path));
  return gate && visitorDestination(gate.visitorTo, path);
}

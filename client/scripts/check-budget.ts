import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The performance budgets: per route, the JavaScript its page loads first (the entry script and
 * the chunks the page preloads: its own screen's, src/prerender.tsx), gzipped, so that a phone on
 * Slow 4G (1.6 Mbit/s) has it in well under a second. `/` is index.html; every other route is
 * its page under pages/ (a pattern's `[id]` as written there). Prints each route's files and
 * total; exits 1, naming the route and by how much, when one is over or has no budget. Checks
 * client/dist, or the build directory given as the first argument.
 */
const KB = 1024;
/**
 * KB gzipped, a little above what each loads today (issue 31: 1 to 2 KB of room). `/` is the
 * tightest: the first download of most visitors (React, the router, i18next, English, the layout
 * and the games lists). The sign-in forms load zod and their checks after they have painted
 * (src/lib/lazy-schemas.ts: 30 KB less); no page loads Radix Dialog first (components/ui/
 * modal.tsx: 10 KB less). A game's screens add their rules and flows and no zod: their answers
 * are the server's, checked there, their rooms' schemas load with the rooms, a private game's bet
 * check after the form has painted (30 KB less on the coin flip's, spin wheel's and lottery's
 * screens); the demos check their stored play money by hand (25 KB less), /fair reads its round
 * without zod (30 KB less). A lottery's page adds its drawing (a 2D canvas: no PixiJS, which took
 * this page from 180 to 323 KB). The back office loads its dashboard first (its other screens
 * when opened).
 */
export const ROUTE_BUDGETS: Record<string, number> = {
  "/": 110,
  "/demo": 110,
  "/instant": 110,
  "/contact": 111,
  "/play/instant/coin-flip/lobby": 119,
  "/play/instant/spin-wheel/lobby": 119,
  "/dashboard/profile": 116,
  "/admin/dashboard": 119,
  "/admin/dashboard/[...]": 119,
  "/fair": 115,
  "/auth/login": 129,
  "/auth/register": 132,
  "/auth/reset": 128,
  "/play/instant/lottery": 128,
  "/dashboard/lottery-tickets": 138,
  "/demo/game/[game]": 143,
  "/demo/game/flip-coin": 143,
  "/demo/game/lottery": 143,
  "/demo/game/spin-wheel": 143,
  "/play/instant/coin-flip": 146,
  "/play/instant/coin-flip/[id]": 146,
  "/create/private/coin-flip": 146,
  "/play/instant/spin-wheel": 145,
  "/play/instant/spin-wheel/[id]": 145,
  "/create/private/spin-wheel": 145,
  "/play/instant/lottery/[code]": 132,
};

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));

/** The JavaScript files an HTML page loads at once: its scripts and module preloads. */
function initialScripts(html: string): string[] {
  return [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
    ),
  ].map((match) => match[1]!);
}

/** Every route with a page of its own: `/` (index.html), then pages/ (their signed-in twins load the same). */
function routePages(): [string, string][] {
  const pages = path.join(dist, "pages");
  let files: string[] = [];
  try {
    files = readdirSync(pages, { recursive: true, encoding: "utf8" });
  } catch {}
  return [
    ["/", "index.html"],
    ...files
      .map((file) => file.split(path.sep).join("/"))
      .filter(
        (file) =>
          file.endsWith(".html") && file !== "index.html" && !file.endsWith(".signed-in.html"),
      )
      .sort()
      .map((file): [string, string] => [`/${file.slice(0, -".html".length)}`, `pages/${file}`]),
  ];
}

const sizes = new Map<string, number>();
const gzipped = (file: string) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return sizes.get(file)!;
};

const problems: string[] = [];
for (const [route, page] of routePages()) {
  const files = initialScripts(readFileSync(path.join(dist, page), "utf8"));
  const total = files.reduce((sum, file) => sum + gzipped(file), 0);
  const budget = ROUTE_BUDGETS[route];
  if (route === "/")
    for (const file of files)
      console.log(`${(gzipped(file) / KB).toFixed(1).padStart(8)} KB  ${file}`);
  console.log(
    `${(total / KB).toFixed(1).padStart(8)} KB  initial JavaScript of ${route} (gzip), budget ${budget ?? "none"} KB`,
  );
  if (budget === undefined)
    problems.push(`${route} has no budget: give it one in client/scripts/check-budget.ts`);
  else if (total > budget * KB)
    problems.push(
      `${route} loads ${(total / KB).toFixed(1)} KB of JavaScript first (gzip), ` +
        `${((total - budget * KB) / KB).toFixed(1)} KB over its budget of ${budget} KB`,
    );
}
if (problems.length > 0) {
  console.error(`Over the performance budget (load more lazily):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

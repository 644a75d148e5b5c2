import coinFlip from "../art/coin-flip.svg?no-inline";
import lottery from "../art/lottery.svg?no-inline";
import spinWheel from "../art/spin-wheel.svg?no-inline";

/**
 * Each game's picture (hand-written SVG in client/src/art), by its type. Files of the build with
 * their content's hash in their name (`/assets/`): cached for good, and answered on a repeat visit
 * from the precache without the service worker's script (src/sw.ts); shown with <img>, so it
 * costs the page no JavaScript. Not inlined: the home page's budget is its JavaScript's. Their
 * digits are outlines (Noto Sans Bold), not <text>: each SVG image is a document of its own, and
 * text in one costs it a font lookup of its own, about 50 ms of a phone's main thread per picture
 * before the page's first paint (docs/first-load.md).
 */
const ART = { "coin-flip": coinFlip, "spin-wheel": spinWheel, lottery } as const;

export type GameWithArt = keyof typeof ART;

export const gameArt = (type: GameWithArt) => ART[type];

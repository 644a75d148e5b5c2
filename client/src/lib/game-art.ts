import coinFlip from "../art/coin-flip.svg?no-inline";
import lottery from "../art/lottery.svg?no-inline";
import spinWheel from "../art/spin-wheel.svg?no-inline";

/**
 * Each game's picture (hand-written SVG in client/src/art), by its type. Files of the build with
 * their content's hash in their name (`/assets/`): cached for good, and answered on a repeat visit
 * from the precache without the service worker's script (src/sw.ts); shown with <img>, so it
 * costs the page no JavaScript. Not inlined: the home page's budget is its JavaScript's.
 */
const ART = { "coin-flip": coinFlip, "spin-wheel": spinWheel, lottery } as const;

export type GameWithArt = keyof typeof ART;

export const gameArt = (type: GameWithArt) => ART[type];

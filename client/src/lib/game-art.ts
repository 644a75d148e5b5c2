/**
 * A game's picture (hand-written SVG in client/public/art), by its type: coin-flip, spin-wheel or
 * lottery. A static file shown with <img>, so it costs the page no JavaScript.
 */
export const gameArt = (type: string) => `/art/${type}.svg`;

/*
 * PixiJS as one download: the library, its eval-free shims (the site's CSP forbids eval; they
 * must be loaded before a renderer starts) and the WebGL renderer most devices draw with. PixiJS
 * would fetch its renderer only when the first stage starts, on a network that may be gone by
 * then; named here, it comes with the rest.
 */
import "pixi.js/unsafe-eval";
import * as pixi from "pixi.js";

export { pixi };
export const { WebGLRenderer } = pixi;

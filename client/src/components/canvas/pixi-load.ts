/*
 * The parts of PixiJS the game pictures use, as one download: its eval-free shims (the site's CSP
 * forbids eval; they must be loaded before a renderer starts), shapes and text, the scene's
 * classes, and the WebGL renderer most devices draw with (PixiJS would fetch it only when the
 * first stage starts, on a network that may be gone by then). Named imports only: `pixi.js`'s
 * filters, asset loaders, events, accessibility and the rest stay out of the download, and the
 * stage starts with `skipExtensionImports` so that PixiJS does not fetch them itself
 * (pixi-stage.ts).
 */
import "pixi.js/unsafe-eval";
import "pixi.js/graphics";
import "pixi.js/text";

export { Application, Container, Graphics, Text, WebGLRenderer } from "pixi.js";

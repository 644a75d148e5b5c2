import type * as Pixi from "pixi.js";

/**
 * A PixiJS application of its own on a square canvas inside `host`: the one way the game
 * animations (the coin, the wheel) get a renderer. PixiJS loads on demand, so it stays out of
 * every other screen's JavaScript. It renders only when told to: a scene at rest costs no frames.
 */
export interface PixiStage {
  pixi: typeof Pixi;
  app: Pixi.Application;
  /** The square's side, in CSS pixels. */
  size: number;
  render(): void;
  destroy(): void;
}

/** The renderer could not start (no WebGL nor 2D canvas, a Content Security Policy, ...). */
export class AnimationUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The game animation could not start: ${describe(cause)}`, { cause });
    this.name = "AnimationUnavailable";
  }
}

export async function startPixiStage(host: HTMLElement, size: number): Promise<PixiStage> {
  try {
    const pixi = await import("pixi.js");
    // PixiJS generates code with eval, which the site's CSP forbids: this swaps in its eval-free
    // equivalents, and must be loaded before a renderer starts (it is the reason a wheel once
    // never turned).
    await import("pixi.js/unsafe-eval");
    const app = new pixi.Application();
    await app.init({
      width: size,
      height: size,
      backgroundAlpha: 0,
      antialias: true,
      autoStart: false,
      resolution: window.devicePixelRatio || 1,
      autoDensity: true,
    });
    host.appendChild(app.canvas);
    return {
      pixi,
      app,
      size,
      render: () => app.render(),
      destroy: () => app.destroy(true, { children: true }),
    };
  } catch (error) {
    throw new AnimationUnavailable(error);
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

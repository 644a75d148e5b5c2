import type * as Pixi from "pixi.js";
import { useEffect } from "react";

/**
 * A PixiJS application of its own on a square canvas inside `host`: the one way the game
 * animations (the coin, the wheel) get a renderer. PixiJS loads on demand, so it stays out of
 * every other screen's JavaScript. It renders only when told to: a scene at rest costs no frames.
 */
export interface PixiStage {
  /** The PixiJS classes a scene draws with (pixi-load.ts: only those are downloaded). */
  pixi: PixiParts;
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

const loadPixi = () => import("./pixi-load.ts");
type PixiParts = Awaited<ReturnType<typeof loadPixi>>;

/**
 * Fetches PixiJS ahead of its first stage (a seated player's screen, before the result comes):
 * the picture then starts even if the network drops meanwhile. A failure here is not the
 * player's concern yet; starting a stage fetches again, and says so if it cannot.
 */
export function preloadPixi() {
  loadPixi().catch(() => {});
}

/** Preloads PixiJS once `when` holds (a player locked into a round: its result will be drawn). */
export function usePreloadPixi(when: boolean) {
  useEffect(() => {
    if (when) preloadPixi();
  }, [when]);
}

/** A stage started ahead of its scene (prepareStage), for the first start of its size. */
let ahead: { size: number; stage: Promise<PixiStage> } | null = null;

/**
 * Starts a stage of `size` now, ahead of its picture (a lottery's page, while the lottery is
 * read and the drawing's code loads): PixiJS's start and its shaders' compilation, long tasks on
 * a slow phone, are then done when the scene is built. The next startPixiStage of that size takes
 * it; the function returned drops it if none has (the page closed first).
 */
export function prepareStage(size: number): () => void {
  const prepared = { size, stage: createStage(size, { warm: true }) };
  // A stage that cannot start is reported by the scene that takes it (usePixiScene).
  prepared.stage.catch(() => {});
  ahead?.stage.then(
    (stage) => stage.destroy(),
    () => {},
  );
  ahead = prepared;
  return () => {
    if (ahead !== prepared) return;
    ahead = null;
    prepared.stage.then(
      (stage) => stage.destroy(),
      () => {},
    );
  };
}

export async function startPixiStage(host: HTMLElement, size: number): Promise<PixiStage> {
  const prepared = ahead?.size === size ? ahead.stage : null;
  if (prepared) ahead = null;
  const stage = await (prepared ?? createStage(size, { warm: false }));
  host.appendChild(stage.app.canvas);
  return stage;
}

async function createStage(size: number, { warm }: { warm: boolean }): Promise<PixiStage> {
  try {
    // With PixiJS comes its eval-free code (pixi-load.ts): without it, under the site's CSP, a
    // renderer never started and the wheel never turned.
    const pixi = await loadPixi();
    const app = new pixi.Application();
    await app.init({
      width: size,
      height: size,
      backgroundAlpha: 0,
      antialias: true,
      autoStart: false,
      resolution: window.devicePixelRatio || 1,
      autoDensity: true,
      // What the pictures use is imported by pixi-load.ts; PixiJS would otherwise fetch its
      // whole browser environment (events, filters, accessibility, ...) before the first frame.
      skipExtensionImports: true,
    });
    if (warm) compileShaders(pixi, app);
    return {
      pixi,
      app,
      size,
      render: () => {
        app.render();
        markFirstCanvas();
      },
      destroy: () => app.destroy(true, { children: true }),
    };
  } catch (error) {
    throw new AnimationUnavailable(error);
  }
}

/**
 * Renders a dot off screen (the canvas is not on the page yet; the first picture clears it): the
 * renderer compiles the shaders every shape and text is drawn with now, not in the first frame.
 */
function compileShaders(pixi: PixiParts, app: Pixi.Application) {
  const dot = new pixi.Graphics().rect(0, 0, 1, 1).fill({ color: 0 });
  app.renderer.render(dot);
  dot.destroy();
}

/** The mark bench:first-load reads: when the page's first PixiJS picture was rendered. */
export const CANVAS_PAINTED = "game-canvas-painted";

function markFirstCanvas() {
  if (performance.getEntriesByName(CANVAS_PAINTED).length === 0) performance.mark(CANVAS_PAINTED);
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

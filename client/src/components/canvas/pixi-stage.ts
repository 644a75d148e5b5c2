import type * as Pixi from "pixi.js";
import { useEffect } from "react";
import { AnimationUnavailable } from "./animation-unavailable.ts";
import { markCanvasPainted } from "./canvas-painted.ts";
import type { Stage } from "./use-scene.ts";

/**
 * A PixiJS application of its own on a square canvas inside `host`: the one way the game
 * animations (the coin, the wheel) get a renderer. PixiJS loads on demand, so it stays out of
 * every other screen's JavaScript. It renders only when told to: a scene at rest costs no frames.
 */
export interface PixiStage extends Stage {
  /** The PixiJS classes a scene draws with (pixi-load.ts: only those are downloaded). */
  pixi: PixiParts;
  app: Pixi.Application;
  render(): void;
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

export async function startPixiStage(host: HTMLElement, size: number): Promise<PixiStage> {
  const stage = await createStage(size);
  host.appendChild(stage.app.canvas);
  return stage;
}

async function createStage(size: number): Promise<PixiStage> {
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
    return {
      renderer: app.renderer.name as PixiStage["renderer"],
      pixi,
      app,
      size,
      render: () => {
        app.render();
        markCanvasPainted();
      },
      destroy: () => app.destroy(true, { children: true }),
    };
  } catch (error) {
    throw new AnimationUnavailable(error);
  }
}

import type { RefObject } from "react";
import { type PixiStage, startPixiStage } from "./pixi-stage.ts";
import { useScene } from "./use-scene.ts";

/** A PixiJS scene in `host` (the coin, the wheel): PixiJS loads with the first one. */
export function usePixiScene<Scene>(
  host: RefObject<HTMLElement | null>,
  size: number,
  build: (stage: PixiStage) => Scene,
) {
  return useScene(host, size, startPixiStage, build);
}

import { AnimationUnavailable } from "./animation-unavailable.ts";
import { markCanvasPainted } from "./canvas-painted.ts";
import type { Stage } from "./use-scene.ts";

/**
 * A plain 2D canvas of `size` CSS pixels, drawn at the screen's density: for a picture of a few
 * dozen shapes redrawn whole each frame (the lottery drawing), which needs none of PixiJS's
 * download (about 147 KB gzipped) nor its WebGL start, long on a slow phone.
 */
export interface Canvas2DStage extends Stage {
  context: CanvasRenderingContext2D;
  /** Called after each picture is drawn (the first one sets CANVAS_PAINTED). */
  drawn(): void;
}

export async function startCanvas2DStage(host: HTMLElement, size: number): Promise<Canvas2DStage> {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new AnimationUnavailable(new Error("this browser gives no 2D canvas"));
  const density = window.devicePixelRatio || 1;
  canvas.width = Math.round(size * density);
  canvas.height = Math.round(size * density);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  context.scale(density, density);
  host.appendChild(canvas);
  return {
    renderer: "canvas",
    context,
    size,
    drawn: markCanvasPainted,
    destroy: () => canvas.remove(),
  };
}

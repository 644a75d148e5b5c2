/** The mark bench:first-load reads: when the page's first game picture was drawn. */
export const CANVAS_PAINTED = "game-canvas-painted";

/** Sets CANVAS_PAINTED once per page, at the first picture any stage draws. */
export function markCanvasPainted() {
  if (performance.getEntriesByName(CANVAS_PAINTED).length === 0) performance.mark(CANVAS_PAINTED);
}

import "./lottery-drawing.css";

/** The drawing's square on the screen: as wide as a phone allows, at most 340 px. */
export const drawingSize = () =>
  typeof window === "undefined" ? 300 : Math.min(340, Math.max(240, window.innerWidth - 80));

/**
 * The drawing's panel and drum, where they will be, while its code or its room is on the way.
 * Sized by its stylesheet, as drawingSize() sizes the picture: the same in a prerendered page.
 */
export function DrawingPlaceholder() {
  return (
    <div className="lottery-drawing">
      <div className="drawing-canvas drawing-canvas-frame">
        <div className="drawing-placeholder" aria-hidden="true" />
      </div>
    </div>
  );
}

import "./lottery-drawing.css";

/** The drawing's square on the screen: as wide as a phone allows, at most 340 px. */
export const drawingSize = () =>
  typeof window === "undefined" ? 300 : Math.min(340, Math.max(240, window.innerWidth - 80));

/** The drawing's panel and drum, where they will be, while its code or its room is on the way. */
export function DrawingPlaceholder() {
  const size = drawingSize();
  return (
    <div className="lottery-drawing">
      <div className="drawing-canvas" style={{ width: size, height: size }}>
        <div className="drawing-placeholder" aria-hidden="true" />
      </div>
    </div>
  );
}

import type { Ref } from "react";
import type { CoinFace } from "./coin-spin.ts";
import "./coin.css";

/**
 * The coin drawn in CSS, face `face` towards the viewer: the coin at rest on a round's screen
 * (sized by coin.css: that page may be rendered by the server, and the CSP refuses an inline
 * style in HTML), and the overlay's coin while PixiJS loads (`size` in CSS pixels: set by the
 * script, which the CSP allows; turned through `coinRef` by the same flip).
 */
export function CoinPicture({
  face,
  size,
  coinRef,
}: {
  face: CoinFace;
  size?: number;
  coinRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={coinRef}
      className={`coin-placeholder coin-placeholder-${face}${size ? "" : " coin-at-rest"}`}
      style={size ? { fontSize: size * 0.42, width: size * 0.88, height: size * 0.88 } : undefined}
      aria-hidden="true"
      // When the game's picture painted, for field and bench timings (bench:first-load's `data`).
      elementtiming="game-picture"
    >
      {face}
    </div>
  );
}

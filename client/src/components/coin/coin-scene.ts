import { COIN_FACE_COLOURS } from "@igp/shared";
import type * as Pixi from "pixi.js";
import type { PixiStage } from "../canvas/pixi-stage.ts";
import { type CoinFace, coinScaleY, faceShown } from "./coin-spin.ts";

/** The drawing, seen from the flip: the coin at an angle about its horizontal axis. */
export interface CoinScene {
  show(angle: number): void;
}

interface FaceLook {
  letter: string;
  rim: number;
  face: number;
  ink: number;
}

/** Gold heads, silver tails: told apart at a glance, and by a test reading the pixels. */
const COIN_LOOKS: Record<CoinFace, FaceLook> = {
  H: { letter: "H", rim: 0xb8860b, face: COIN_FACE_COLOURS.H, ink: 0x7a5c00 },
  T: { letter: "T", rim: 0x7d848f, face: COIN_FACE_COLOURS.T, ink: 0x4a525e },
};

/** Both faces, drawn once; a flip squashes the coin and shows the face towards the viewer. */
export function drawCoin(stage: PixiStage): CoinScene {
  const { pixi, app, size } = stage;
  const radius = size * 0.44;
  const coin = new pixi.Container();
  coin.position.set(size / 2, size / 2);
  const heads = drawFace(stage, COIN_LOOKS.H, radius);
  const tails = drawFace(stage, COIN_LOOKS.T, radius);
  coin.addChild(heads, tails);
  app.stage.addChild(coin);
  return {
    show(angle) {
      // A flat disc squashed vertically reads as a coin turning about its horizontal axis.
      coin.scale.y = coinScaleY(angle);
      const face = faceShown(angle);
      heads.visible = face === "H";
      tails.visible = face === "T";
      stage.render();
    },
  };
}

/** One side of the coin: rim, face, an engraved ring, a soft shine and the letter. */
function drawFace({ pixi }: PixiStage, look: FaceLook, radius: number): Pixi.Container {
  const side = new pixi.Container();
  const disc = new pixi.Graphics()
    .circle(0, 0, radius)
    .fill({ color: look.rim })
    .circle(0, 0, radius * 0.86)
    .fill({ color: look.face })
    .stroke({ width: radius * 0.03, color: look.ink, alpha: 0.5 })
    .circle(0, 0, radius * 0.74)
    .stroke({ width: radius * 0.02, color: look.ink, alpha: 0.35 })
    .ellipse(-radius * 0.28, -radius * 0.34, radius * 0.34, radius * 0.16)
    .fill({ color: 0xffffff, alpha: 0.22 });
  const letter = new pixi.Text({
    text: look.letter,
    style: {
      fill: look.ink,
      fontSize: Math.round(radius * 0.95),
      fontWeight: "800",
      fontFamily: "Georgia, 'Times New Roman', serif",
    },
  });
  letter.anchor.set(0.5);
  side.addChild(disc, letter);
  return side;
}

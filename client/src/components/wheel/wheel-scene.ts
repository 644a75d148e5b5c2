import type { PixiStage } from "../canvas/pixi-stage.ts";
import {
  WHEEL_INK,
  WHEEL_POINTER_SIZE,
  WHEEL_RADIUS,
  WHEEL_RIM,
  WHEEL_SEGMENT_COLOURS,
} from "./wheel-look.ts";
import { segmentArc } from "./wheel-spin.ts";

/** The drawing, seen from the spin: the wheel turned to a rotation (degrees clockwise). */
export interface WheelScene {
  show(rotationDegrees: number): void;
}

/**
 * The six-segment wheel and the fixed pointer at 12 o'clock, drawn once; a spin only turns the
 * wheel's container. Number k sits in segment k - 1, clockwise from the pointer at rest, as the
 * server's final rotation assumes (shared/src/wheel.ts).
 */
export function drawWheel(stage: PixiStage): WheelScene {
  const { pixi, app, size } = stage;
  const radius = size * WHEEL_RADIUS;
  const wheel = new pixi.Container();
  wheel.position.set(size / 2, size / 2);
  wheel.addChild(drawFace(stage, radius), ...drawNumbers(stage, radius));
  app.stage.addChild(
    wheel,
    drawPointer(stage, size / 2, size / 2 - radius, size * WHEEL_POINTER_SIZE),
  );
  return {
    show(rotationDegrees) {
      wheel.angle = rotationDegrees;
      stage.render();
    },
  };
}

function drawFace({ pixi }: PixiStage, radius: number) {
  const face = new pixi.Graphics();
  WHEEL_SEGMENT_COLOURS.forEach((color, index) => {
    const { start, end } = segmentArc(index);
    face
      .moveTo(0, 0)
      .arc(0, 0, radius, start, end)
      .closePath()
      .fill({ color })
      .stroke({ width: 3, color: WHEEL_INK });
  });
  face.circle(0, 0, radius).stroke({ width: 6, color: WHEEL_RIM });
  face
    .circle(0, 0, radius * 0.14)
    .fill({ color: WHEEL_INK })
    .stroke({ width: 3, color: WHEEL_RIM });
  return face;
}

function drawNumbers({ pixi }: PixiStage, radius: number) {
  return WHEEL_SEGMENT_COLOURS.map((_, index) => {
    const { middle } = segmentArc(index);
    const number = new pixi.Text({
      text: String(index + 1),
      style: {
        fill: 0xffffff,
        fontSize: Math.round(radius * 0.3),
        fontWeight: "800",
        fontFamily: "system-ui, sans-serif",
        stroke: { color: WHEEL_INK, width: 4 },
      },
    });
    number.anchor.set(0.5);
    number.position.set(Math.cos(middle) * radius * 0.66, Math.sin(middle) * radius * 0.66);
    number.rotation = middle + Math.PI / 2;
    return number;
  });
}

/** The pointer, pointing down onto the wheel's rim at (x, y). */
function drawPointer({ pixi }: PixiStage, x: number, y: number, size: number) {
  return new pixi.Graphics()
    .moveTo(x - size / 2, y - size)
    .lineTo(x + size / 2, y - size)
    .lineTo(x, y + size * 0.2)
    .closePath()
    .fill({ color: WHEEL_RIM })
    .stroke({ width: 2, color: WHEEL_INK });
}

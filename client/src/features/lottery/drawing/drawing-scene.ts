import { LOTTERY_BALL_COLOURS, LOTTERY_MINE_COLOUR, LOTTERY_MINE_RING_GAP } from "@igp/shared";
import type * as Pixi from "pixi.js";
import type { PixiStage } from "../../../components/canvas/pixi-stage.ts";
import {
  type BallAt,
  DRUM,
  DRUM_BALL,
  type DrawingFrame,
  drumBalls,
  OUTLET,
  RACK,
  rackSlot,
  SPOT,
} from "./drawing-timeline.ts";

/** A revealed winner as the drawing shows it: the ticket on its ball, the words under it. */
export interface DrawnBall {
  ticket: number;
  /** Its place's colour (LOTTERY_BALL_COLOURS). */
  colour: number;
  /** Its place and prize, e.g. '1st place · ETB 5,000.00'. */
  label: string;
  /** The watcher's own ticket: a green ring, and `mineText` under the label. */
  mine: boolean;
}

/** The drawing, seen from its clock: a frame of the timeline, with the winners revealed so far. */
export interface DrawingScene {
  show(frame: DrawingFrame, balls: DrawnBall[], mineText: string): void;
}

const INK = 0x0b1120;
const PANEL = 0x111a2e;
const METAL = 0x94a3b8;
const GLASS_RIM = 0xe2e8f0;
const WHITE = 0xffffff;
const MINE_TEXT = 0x4ade80;
const FONT = "system-ui, sans-serif";

/**
 * The lottery machine of our own: a glass drum of coloured balls on a stand, a chute under it, a
 * lit spot where each winning ball lands with its ticket number on a white band, its place and
 * prize under it; balls revealed before wait in a rack at the bottom. Drawn once; a frame only
 * moves things and changes texts.
 */
export function drawLotteryDrawing(stage: PixiStage): DrawingScene {
  const { pixi, app, size } = stage;
  const spokes = drawSpokes(stage);
  const heap = new pixi.Graphics();
  const ballLayer = new pixi.Container();
  const label = text(pixi, size * 0.055, WHITE);
  label.position.set(size / 2, size * 0.79);
  const mineLine = text(pixi, size * 0.05, MINE_TEXT);
  mineLine.position.set(size / 2, size * 0.85);
  app.stage.addChild(
    drawBackdrop(stage),
    spokes,
    heap,
    drawGlass(stage),
    ballLayer,
    label,
    mineLine,
  );
  const sprites: BallSprite[] = [];
  const spriteFor = (index: number, ball: DrawnBall) => {
    const made = sprites[index];
    if (made?.ticket === ball.ticket && made.mine === ball.mine) return made.view;
    made?.view.destroy({ children: true });
    const view = drawBall(stage, ball);
    ballLayer.addChild(view);
    sprites[index] = { ticket: ball.ticket, mine: ball.mine, view };
    return view;
  };

  return {
    show(frame, balls, mineText) {
      spokes.rotation = frame.drumTurn;
      drawHeap(heap, size, frame);
      for (const sprite of sprites) if (sprite) sprite.view.visible = false;
      const place = (at: BallAt) => {
        const ball = balls[at.index];
        if (!ball) return;
        const view = spriteFor(at.index, ball);
        view.visible = true;
        view.position.set(at.x * size, at.y * size);
        view.scale.set(at.radius / SPOT.radius);
      };
      for (let index = 0; index < frame.inRack; index++) {
        const slot = rackSlot(index, frame.inRack);
        if (slot) place({ index, ...slot, radius: RACK.radius });
      }
      if (frame.leaving) place(frame.leaving);
      const current = frame.current ? balls[frame.current.index] : undefined;
      if (frame.current && current) {
        place(frame.current);
        // The landing ball in front of the racked ones.
        ballLayer.setChildIndex(
          spriteFor(frame.current.index, current),
          ballLayer.children.length - 1,
        );
      }
      label.text = current?.label ?? "";
      label.alpha = frame.current?.labelAlpha ?? 0;
      mineLine.text = current?.mine ? mineText : "";
      mineLine.alpha = label.alpha;
      stage.render();
    },
  };
}

interface BallSprite {
  ticket: number;
  mine: boolean;
  view: Pixi.Container;
}

function text(pixi: PixiStage["pixi"], fontSize: number, fill: number) {
  const made = new pixi.Text({
    text: "",
    style: { fill, fontSize: Math.round(fontSize), fontWeight: "800", fontFamily: FONT },
  });
  made.anchor.set(0.5);
  return made;
}

/** The panel, the lit spot, the stand and the chute: everything that never moves. */
function drawBackdrop({ pixi, size }: PixiStage) {
  const s = size;
  const backdrop = new pixi.Graphics()
    .roundRect(0, 0, s, s, s * 0.04)
    .fill({ color: PANEL })
    .circle(SPOT.x * s, SPOT.y * s, SPOT.radius * s * 1.9)
    .fill({ color: 0x1e293b })
    .circle(SPOT.x * s, SPOT.y * s, SPOT.radius * s * 1.35)
    .fill({ color: 0x25324a });
  // The stand: two legs from the drum's sides to the floor under the chute.
  const foot = OUTLET.y * s;
  backdrop
    .moveTo((DRUM.x - DRUM.radius * 0.8) * s, DRUM.y * s)
    .lineTo((DRUM.x - 0.08) * s, foot)
    .moveTo((DRUM.x + DRUM.radius * 0.8) * s, DRUM.y * s)
    .lineTo((DRUM.x + 0.08) * s, foot)
    .stroke({ width: s * 0.018, color: METAL, cap: "round" })
    .roundRect((DRUM.x - 0.11) * s, foot - s * 0.006, 0.22 * s, s * 0.014, s * 0.007)
    .fill({ color: METAL });
  // The chute from the drum's mouth down to the stand.
  const top = (DRUM.y + DRUM.radius * 0.85) * s;
  backdrop
    .roundRect((OUTLET.x - 0.045) * s, top, 0.09 * s, foot - top, s * 0.02)
    .fill({ color: 0x334155 })
    .stroke({ width: s * 0.006, color: METAL });
  // The drum's back: dark glass.
  backdrop.circle(DRUM.x * s, DRUM.y * s, DRUM.radius * s).fill({ color: 0x172554 });
  // The cradle the winning ball lands in.
  backdrop
    .ellipse(SPOT.x * s, (SPOT.y + SPOT.radius * 0.92) * s, SPOT.radius * s * 1.15, s * 0.022)
    .fill({ color: 0x0f172a })
    .stroke({ width: s * 0.006, color: METAL });
  return backdrop;
}

/** The drum's spokes and hub, which turn with it. */
function drawSpokes({ pixi, size }: PixiStage) {
  const r = DRUM.radius * size;
  const spokes = new pixi.Graphics();
  for (let k = 0; k < 3; k++) {
    const angle = (k * Math.PI) / 3;
    spokes
      .moveTo(Math.cos(angle) * r * 0.96, Math.sin(angle) * r * 0.96)
      .lineTo(-Math.cos(angle) * r * 0.96, -Math.sin(angle) * r * 0.96);
  }
  spokes
    .stroke({ width: size * 0.008, color: 0x475569 })
    .circle(0, 0, size * 0.022)
    .fill({ color: METAL });
  spokes.position.set(DRUM.x * size, DRUM.y * size);
  return spokes;
}

/** The drum's rim and a glint on its glass, over its balls. */
function drawGlass({ pixi, size }: PixiStage) {
  const r = DRUM.radius * size;
  const cx = DRUM.x * size;
  const cy = DRUM.y * size;
  return new pixi.Graphics()
    .arc(cx, cy, r * 0.82, Math.PI * 1.1, Math.PI * 1.45)
    .stroke({ width: size * 0.012, color: WHITE, alpha: 0.35, cap: "round" })
    .circle(cx, cy, r)
    .stroke({ width: size * 0.014, color: GLASS_RIM });
}

/** The drum's own balls, heaped or tumbling as the frame says. */
function drawHeap(heap: Pixi.Graphics, size: number, frame: DrawingFrame) {
  heap.clear();
  drumBalls(frame.drumTurn, frame.agitation).forEach((ball, i) => {
    const x = (DRUM.x + ball.x) * size;
    const y = (DRUM.y + ball.y) * size;
    heap
      .circle(x, y, DRUM_BALL * size)
      .fill({ color: LOTTERY_BALL_COLOURS[i % LOTTERY_BALL_COLOURS.length]! })
      .circle(x - DRUM_BALL * size * 0.35, y - DRUM_BALL * size * 0.35, DRUM_BALL * size * 0.3)
      .fill({ color: WHITE, alpha: 0.5 });
  });
}

/**
 * A winner's ball at the spot's size, centred on 0 (a frame scales it down for the chute and
 * the rack): its place's colour, a white band with the ticket number, a glint high on the left,
 * and for the watcher's own a green ring with a glow.
 */
function drawBall({ pixi, size }: PixiStage, ball: DrawnBall) {
  const r = SPOT.radius * size;
  const view = new pixi.Container();
  const body = new pixi.Graphics();
  if (ball.mine) {
    const ring = r + LOTTERY_MINE_RING_GAP * size;
    body
      .circle(0, 0, ring)
      .stroke({ width: size * 0.03, color: LOTTERY_MINE_COLOUR, alpha: 0.3 })
      .circle(0, 0, ring)
      .stroke({ width: size * 0.014, color: LOTTERY_MINE_COLOUR });
  }
  body
    .circle(0, 0, r)
    .fill({ color: ball.colour })
    .stroke({ width: size * 0.004, color: INK, alpha: 0.5 })
    .circle(0, 0, r * 0.62)
    .fill({ color: WHITE })
    .circle(-r * 0.5, -r * 0.55, r * 0.14)
    .fill({ color: WHITE, alpha: 0.55 });
  const digits = String(ball.ticket).length;
  const number = new pixi.Text({
    text: String(ball.ticket),
    style: {
      fill: INK,
      fontSize: Math.round(Math.min(0.8 * r, (1.1 * r) / (0.6 * digits))),
      fontWeight: "900",
      fontFamily: FONT,
    },
  });
  number.anchor.set(0.5);
  view.addChild(body, number);
  return view;
}

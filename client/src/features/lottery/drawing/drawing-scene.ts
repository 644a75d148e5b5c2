import { LOTTERY_BALL_COLOURS, LOTTERY_MINE_COLOUR, LOTTERY_MINE_RING_GAP } from "@igp/shared";
import type { Canvas2DStage } from "../../../components/canvas/canvas-2d-stage.ts";
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
 * prize under it; balls revealed before wait in a rack at the bottom. Each frame is drawn whole
 * (a few dozen shapes: well under a millisecond on a phone's 2D canvas).
 */
export function drawLotteryDrawing(stage: Canvas2DStage): DrawingScene {
  const { context: pen, size } = stage;
  return {
    show(frame, balls, mineText) {
      pen.clearRect(0, 0, size, size);
      drawBackdrop(pen, size);
      drawSpokes(pen, size, frame.drumTurn);
      drawHeap(pen, size, frame);
      drawGlass(pen, size);
      const place = (at: BallAt) => {
        const ball = balls[at.index];
        if (ball) drawBall(pen, size, ball, at);
      };
      for (let index = 0; index < frame.inRack; index++) {
        const slot = rackSlot(index, frame.inRack);
        if (slot) place({ index, ...slot, radius: RACK.radius });
      }
      if (frame.leaving) place(frame.leaving);
      // The landing ball last: in front of the racked ones.
      if (frame.current) place(frame.current);
      const current = frame.current ? balls[frame.current.index] : undefined;
      const alpha = frame.current?.labelAlpha ?? 0;
      if (current && alpha > 0) {
        write(pen, current.label, size / 2, size * 0.79, size * 0.055, WHITE, alpha);
        if (current.mine)
          write(pen, mineText, size / 2, size * 0.85, size * 0.05, MINE_TEXT, alpha);
      }
      stage.drawn();
    },
  };
}

type Pen = CanvasRenderingContext2D;

const css = (colour: number) => `#${colour.toString(16).padStart(6, "0")}`;

function fill(pen: Pen, colour: number, alpha = 1) {
  pen.globalAlpha = alpha;
  pen.fillStyle = css(colour);
  pen.fill();
  pen.globalAlpha = 1;
}

function stroke(pen: Pen, width: number, colour: number, alpha = 1) {
  pen.globalAlpha = alpha;
  pen.lineWidth = width;
  pen.strokeStyle = css(colour);
  pen.stroke();
  pen.globalAlpha = 1;
}

function circle(pen: Pen, x: number, y: number, radius: number) {
  pen.beginPath();
  pen.arc(x, y, radius, 0, Math.PI * 2);
}

/** A rounded rectangle's path (arcTo: older phones' canvases lack roundRect). */
function roundRect(pen: Pen, x: number, y: number, width: number, height: number, radius: number) {
  const r = Math.min(radius, width / 2, height / 2);
  pen.beginPath();
  pen.moveTo(x + r, y);
  pen.arcTo(x + width, y, x + width, y + height, r);
  pen.arcTo(x + width, y + height, x, y + height, r);
  pen.arcTo(x, y + height, x, y, r);
  pen.arcTo(x, y, x + width, y, r);
  pen.closePath();
}

/** A line of text centred on (x, y). */
function write(
  pen: Pen,
  text: string,
  x: number,
  y: number,
  fontSize: number,
  colour: number,
  alpha: number,
  weight = 800,
) {
  pen.globalAlpha = alpha;
  pen.font = `${weight} ${Math.round(fontSize)}px ${FONT}`;
  pen.textAlign = "center";
  pen.textBaseline = "middle";
  pen.fillStyle = css(colour);
  pen.fillText(text, x, y);
  pen.globalAlpha = 1;
}

/** The panel, the lit spot, the stand and the chute: everything that never moves. */
function drawBackdrop(pen: Pen, s: number) {
  roundRect(pen, 0, 0, s, s, s * 0.04);
  fill(pen, PANEL);
  circle(pen, SPOT.x * s, SPOT.y * s, SPOT.radius * s * 1.9);
  fill(pen, 0x1e293b);
  circle(pen, SPOT.x * s, SPOT.y * s, SPOT.radius * s * 1.35);
  fill(pen, 0x25324a);
  // The stand: two legs from the drum's sides to the floor under the chute.
  const foot = OUTLET.y * s;
  pen.beginPath();
  pen.moveTo((DRUM.x - DRUM.radius * 0.8) * s, DRUM.y * s);
  pen.lineTo((DRUM.x - 0.08) * s, foot);
  pen.moveTo((DRUM.x + DRUM.radius * 0.8) * s, DRUM.y * s);
  pen.lineTo((DRUM.x + 0.08) * s, foot);
  pen.lineCap = "round";
  stroke(pen, s * 0.018, METAL);
  pen.lineCap = "butt";
  roundRect(pen, (DRUM.x - 0.11) * s, foot - s * 0.006, 0.22 * s, s * 0.014, s * 0.007);
  fill(pen, METAL);
  // The chute from the drum's mouth down to the stand.
  const top = (DRUM.y + DRUM.radius * 0.85) * s;
  roundRect(pen, (OUTLET.x - 0.045) * s, top, 0.09 * s, foot - top, s * 0.02);
  fill(pen, 0x334155);
  stroke(pen, s * 0.006, METAL);
  // The drum's back: dark glass.
  circle(pen, DRUM.x * s, DRUM.y * s, DRUM.radius * s);
  fill(pen, 0x172554);
  // The cradle the winning ball lands in.
  pen.beginPath();
  pen.ellipse(
    SPOT.x * s,
    (SPOT.y + SPOT.radius * 0.92) * s,
    SPOT.radius * s * 1.15,
    s * 0.022,
    0,
    0,
    Math.PI * 2,
  );
  fill(pen, 0x0f172a);
  stroke(pen, s * 0.006, METAL);
}

/** The drum's spokes and hub, turned as far as the drum has turned. */
function drawSpokes(pen: Pen, size: number, turn: number) {
  const r = DRUM.radius * size;
  pen.save();
  pen.translate(DRUM.x * size, DRUM.y * size);
  pen.rotate(turn);
  pen.beginPath();
  for (let k = 0; k < 3; k++) {
    const angle = (k * Math.PI) / 3;
    pen.moveTo(Math.cos(angle) * r * 0.96, Math.sin(angle) * r * 0.96);
    pen.lineTo(-Math.cos(angle) * r * 0.96, -Math.sin(angle) * r * 0.96);
  }
  stroke(pen, size * 0.008, 0x475569);
  circle(pen, 0, 0, size * 0.022);
  fill(pen, METAL);
  pen.restore();
}

/** The drum's rim and a glint on its glass, over its balls. */
function drawGlass(pen: Pen, size: number) {
  const r = DRUM.radius * size;
  const cx = DRUM.x * size;
  const cy = DRUM.y * size;
  pen.beginPath();
  pen.arc(cx, cy, r * 0.82, Math.PI * 1.1, Math.PI * 1.45);
  pen.lineCap = "round";
  stroke(pen, size * 0.012, WHITE, 0.35);
  pen.lineCap = "butt";
  circle(pen, cx, cy, r);
  stroke(pen, size * 0.014, GLASS_RIM);
}

/** The drum's own balls, heaped or tumbling as the frame says. */
function drawHeap(pen: Pen, size: number, frame: DrawingFrame) {
  const r = DRUM_BALL * size;
  drumBalls(frame.drumTurn, frame.agitation).forEach((ball, i) => {
    const x = (DRUM.x + ball.x) * size;
    const y = (DRUM.y + ball.y) * size;
    circle(pen, x, y, r);
    fill(pen, LOTTERY_BALL_COLOURS[i % LOTTERY_BALL_COLOURS.length]!);
    circle(pen, x - r * 0.35, y - r * 0.35, r * 0.3);
    fill(pen, WHITE, 0.5);
  });
}

/**
 * A winner's ball where the frame puts it (`at`: the spot's size scaled down for the chute and
 * the rack): its place's colour, a white band with the ticket number, a glint high on the left,
 * and for the watcher's own a green ring with a glow.
 */
function drawBall(pen: Pen, size: number, ball: DrawnBall, at: BallAt) {
  const r = SPOT.radius * size;
  pen.save();
  pen.translate(at.x * size, at.y * size);
  pen.scale(at.radius / SPOT.radius, at.radius / SPOT.radius);
  if (ball.mine) {
    const ring = r + LOTTERY_MINE_RING_GAP * size;
    circle(pen, 0, 0, ring);
    stroke(pen, size * 0.03, LOTTERY_MINE_COLOUR, 0.3);
    stroke(pen, size * 0.014, LOTTERY_MINE_COLOUR);
  }
  circle(pen, 0, 0, r);
  fill(pen, ball.colour);
  stroke(pen, size * 0.004, INK, 0.5);
  circle(pen, 0, 0, r * 0.62);
  fill(pen, WHITE);
  circle(pen, -r * 0.5, -r * 0.55, r * 0.14);
  fill(pen, WHITE, 0.55);
  const digits = String(ball.ticket).length;
  const fontSize = Math.min(0.8 * r, (1.1 * r) / (0.6 * digits));
  write(pen, String(ball.ticket), 0, 0, fontSize, INK, 1, 900);
  pen.restore();
}

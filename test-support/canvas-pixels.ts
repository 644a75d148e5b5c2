import {
  COIN_FACE_COLOURS,
  LOTTERY_BALL_COLOURS,
  LOTTERY_MINE_COLOUR,
  LOTTERY_MINE_RING_GAP,
  LOTTERY_REVEAL_SPOT,
  WHEEL_SEGMENT_COLOURS,
} from "@igp/shared";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";

/*
 * What a player sees of a game's picture, read from the screen's pixels (a screenshot of the
 * element, as composited): whether it moves, the wheel's segment under the pointer, the coin's
 * face. Texts and attributes can say 'landed on 4' over a canvas that never drew; these cannot.
 */

export interface Frame {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Buffer;
}

type Rgb = [number, number, number];

/** The element as the screen shows it now. */
export async function frameOf(element: Locator): Promise<Frame> {
  const box = await element.boundingBox();
  if (!box) throw new Error("The element is not on the screen.");
  const png = await element.page().screenshot({ clip: box, animations: "allow", caret: "initial" });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/**
 * The browser's own frames of a page from now on: a screencast (Chromium sends one whenever the
 * page's pixels change, however busy the machine), each frame stamped with when it was shown.
 * Start it before the step that sets a picture moving: a spin runs on the page's clock, and on a
 * busy machine the test's own steps after that click may take longer than the whole spin.
 */
export async function recordScreen(page: Page): Promise<ScreenRecording> {
  const cdp = await page.context().newCDPSession(page);
  const shots: { at: number; png: Buffer }[] = [];
  cdp.on("Page.screencastFrame", ({ data, metadata, sessionId }) => {
    // When the frame was shown (seconds since 1970); a frame without it counts as none.
    shots.push({ at: (metadata.timestamp ?? Number.NaN) * 1000, png: Buffer.from(data, "base64") });
    void cdp.send("Page.screencastFrameAck", { sessionId }).catch(() => {});
  });
  await cdp.send("Page.startScreencast", { format: "png", everyNthFrame: 2 });
  return {
    async framesWhileMoving(element, forMs = 20_000, landedWhen = "[data-landed]", from = "drawn") {
      const drawn = page.locator('[data-renderer="webgl"], [data-renderer="canvas"]');
      await (from === "drawn" ? element.and(drawn) : element).waitFor({ timeout: 20_000 });
      const since = Date.now();
      const box = await element.boundingBox();
      if (!box) throw new Error("The element is not on the screen.");
      const landed = await page
        .locator(landedWhen)
        .and(element)
        .waitFor({ timeout: forMs })
        .then(() => Date.now())
        .catch(() => null);
      await cdp.send("Page.stopScreencast");
      await cdp.detach();
      const moving = shots.filter((shot) => shot.at >= since);
      const frames = await Promise.all(moving.map((shot) => cropped(shot.png, box)));
      return Object.assign(frames, {
        story: `${frames.length} frames from ${shots.length} in all; landed ${landed === null ? "never" : `${landed - since} ms after it showed`}`,
      });
    },
  };
}

export interface ScreenRecording {
  /**
   * What the screen showed of `element` while its picture moved, each frame cut to the element's
   * box: from the moment its canvas draws it (`from: "shown"`: from the moment it is on the page,
   * its placeholder turning before the canvas has started) until the element says it landed
   * (`landedWhen`: a lottery drawing lands once per winner) or `forMs` ran out. Ends the
   * recording. A picture that never moves yields no frames after the first. `story` says how
   * many frames came and when it landed, for a failure's message.
   */
  framesWhileMoving(
    element: Locator,
    forMs?: number,
    landedWhen?: string,
    from?: "drawn" | "shown",
  ): Promise<Frame[] & { story: string }>;
}

/** `recordScreen(page).framesWhileMoving(...)` from now: for a picture already moving. */
export async function framesWhileMoving(
  element: Locator,
  forMs = 20_000,
  landedWhen = "[data-landed]",
  from: "drawn" | "shown" = "drawn",
) {
  const recording = await recordScreen(element.page());
  return recording.framesWhileMoving(element, forMs, landedWhen, from);
}

async function cropped(png: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const { data, info } = await sharp(png)
    .extract({
      left: Math.round(box.x),
      top: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/**
 * How many pairs of consecutive frames differ visibly (more than 0.5% of their pixels): how many
 * times the picture changed on the screen.
 */
export function changingPairs(frames: Frame[]): number {
  let changing = 0;
  for (let i = 1; i < frames.length; i++) if (differ(frames[i - 1]!, frames[i]!)) changing++;
  return changing;
}

function differ(a: Frame, b: Frame): boolean {
  if (a.width !== b.width || a.height !== b.height) return true;
  let different = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    const delta =
      Math.abs(a.pixels[i]! - b.pixels[i]!) +
      Math.abs(a.pixels[i + 1]! - b.pixels[i + 1]!) +
      Math.abs(a.pixels[i + 2]! - b.pixels[i + 2]!);
    if (delta > 48) different++;
  }
  return different > (a.width * a.height) / 200;
}

/** The colour at a point given as fractions of the frame's width and height. */
export function colourAt(frame: Frame, x: number, y: number): Rgb {
  const column = Math.round(x * (frame.width - 1));
  const row = Math.round(y * (frame.height - 1));
  const i = (row * frame.width + column) * 4;
  return [frame.pixels[i]!, frame.pixels[i + 1]!, frame.pixels[i + 2]!];
}

const rgbOf = (colour: number): Rgb => [(colour >> 16) & 255, (colour >> 8) & 255, colour & 255];
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Of `palette`, the index of the colour `seen` is close to (within 60 of 441), or null. */
function closest(seen: Rgb, palette: number[]): number | null {
  const distances = palette.map((colour) => distance(seen, rgbOf(colour)));
  const nearest = Math.min(...distances);
  return nearest <= 60 ? distances.indexOf(nearest) : null;
}

/**
 * The number whose segment is under the wheel's pointer (12 o'clock), read off the colour just
 * inside the rim below the pointer's tip (the wheel's radius is 44% of the square); null when
 * that colour is no segment's (a border, nothing drawn).
 */
export function wheelNumberUnderPointer(frame: Frame): number | null {
  const seen = colourAt(frame, 0.5, 0.5 - 0.44 * 0.8);
  const index = closest(seen, WHEEL_SEGMENT_COLOURS);
  return index === null ? null : index + 1;
}

/**
 * The coin's face towards the viewer, by the colour of its face on a ring around the letter:
 * 'H' (gold) or 'T' (silver) when most of the ring agrees, else null.
 */
export function coinFaceShown(frame: Frame): "H" | "T" | null {
  const palette = [COIN_FACE_COLOURS.H, COIN_FACE_COLOURS.T];
  const votes = { H: 0, T: 0 };
  for (let step = 0; step < 12; step++) {
    const angle = (step / 12) * 2 * Math.PI;
    const seen = colourAt(
      frame,
      0.5 + Math.cos(angle) * 0.44 * 0.8,
      0.5 + Math.sin(angle) * 0.44 * 0.8,
    );
    const index = closest(seen, palette);
    if (index !== null) votes[index === 0 ? "H" : "T"]++;
  }
  if (votes.H >= 8) return "H";
  if (votes.T >= 8) return "T";
  return null;
}

/** Points `distance` (a fraction of the square) from the lottery's landing spot, every 30°. */
function aroundTheSpot(frame: Frame, distance: number, skip: (degrees: number) => boolean) {
  const points: Rgb[] = [];
  for (let degrees = 0; degrees < 360; degrees += 30) {
    if (skip(degrees)) continue;
    const angle = (degrees * Math.PI) / 180;
    const x = LOTTERY_REVEAL_SPOT.x + Math.cos(angle) * distance;
    const y = LOTTERY_REVEAL_SPOT.y + Math.sin(angle) * distance;
    points.push(colourAt(frame, x, y));
  }
  return points;
}

/**
 * The place of the lottery ball on the landing spot, by its colour (LOTTERY_BALL_COLOURS: places
 * 1 to 6), read on a ring between the ball's white band and its edge, away from its glint; null
 * when most of the ring is no place's colour (nothing landed, a ball on its way).
 */
export function lotteryPlaceShown(frame: Frame): number | null {
  const ring = aroundTheSpot(frame, LOTTERY_REVEAL_SPOT.radius * 0.8, (d) => d > 200 && d < 250);
  const votes = new Map<number, number>();
  for (const seen of ring) {
    const index = closest(seen, LOTTERY_BALL_COLOURS);
    if (index !== null) votes.set(index, (votes.get(index) ?? 0) + 1);
  }
  for (const [index, count] of votes) if (count * 4 >= ring.length * 3) return index + 1;
  return null;
}

/** Whether the ball on the landing spot wears the green ring of the watcher's own ticket. */
export function lotteryMineRingShown(frame: Frame): boolean {
  const distance = LOTTERY_REVEAL_SPOT.radius + LOTTERY_MINE_RING_GAP;
  const ring = aroundTheSpot(frame, distance, () => false);
  const green = ring.filter((seen) => closest(seen, [LOTTERY_MINE_COLOUR]) !== null);
  return green.length * 4 >= ring.length * 3;
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DRUM,
  DRUM_BALL,
  drumBalls,
  RACK,
  rackSlot,
  restingFrame,
  revealFrame,
  SPOT,
} from "./drawing-timeline.ts";

const progressArb = fc.double({ min: -1, max: 2, noNaN: true });
const indexArb = fc.integer({ min: 0, max: 40 });

describe("the lottery drawing's timeline", () => {
  it("lands each winner's ball exactly on the spot, as the resting drawing shows it", () => {
    fc.assert(
      fc.property(indexArb, fc.boolean(), (index, reduced) => {
        const landed = revealFrame(index, 1, reduced);
        expect(landed.current).toEqual({
          index,
          x: SPOT.x,
          y: SPOT.y,
          radius: SPOT.radius,
          labelAlpha: 1,
        });
        expect(landed).toEqual({ ...restingFrame(index + 1), drumTurn: landed.drumTurn });
        // The drum has turned whole turns: it rests the same way up.
        expect(Math.cos(landed.drumTurn)).toBeCloseTo(1);
      }),
    );
  });

  it("shows a ball's place and prize only once it has landed, and never another winner", () => {
    fc.assert(
      fc.property(indexArb, progressArb, fc.boolean(), (index, progress, reduced) => {
        const frame = revealFrame(index, progress, reduced);
        if (frame.current) expect(frame.current.index).toBe(index);
        if (progress < 0.88) expect(frame.current?.labelAlpha ?? 0).toBe(0);
        if (progress < 0.3) expect(frame.current).toBeNull();
        // The balls on show are the ones revealed before, each once.
        const shown = [frame.leaving?.index, frame.current?.index].filter((i) => i !== undefined);
        expect(frame.inRack + shown.length).toBe(index + (frame.current ? 1 : 0));
      }),
    );
    expect(revealFrame(3, Number.NaN).current).toBeNull();
  });

  it("keeps the falling ball on the square, between the drum and the spot", () => {
    fc.assert(
      fc.property(indexArb, progressArb, fc.boolean(), (index, progress, reduced) => {
        const ball = revealFrame(index, progress, reduced).current;
        if (!ball) return;
        expect(ball.y).toBeGreaterThanOrEqual(DRUM.y);
        expect(ball.y).toBeLessThanOrEqual(SPOT.y);
        expect(ball.radius).toBeLessThanOrEqual(SPOT.radius);
        // With reduced motion it never bounces back up once on the spot's level.
        if (reduced && progress >= 0.8) expect(ball.y).toBe(SPOT.y);
      }),
    );
  });

  it("racks the winners left to right in reveal order, the latest eight", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (count) => {
        const shown = Array.from({ length: count }, (_, i) => rackSlot(i, count));
        const slots = shown.filter((slot) => slot !== null);
        expect(slots).toHaveLength(Math.min(count, RACK.slots));
        expect(shown.at(-1)).not.toBeNull();
        for (let i = 1; i < slots.length; i++)
          expect(slots[i]!.x - slots[i - 1]!.x).toBeCloseTo(RACK.gap);
        for (const slot of slots) {
          expect(slot.x - RACK.radius).toBeGreaterThan(0);
          expect(slot.x + RACK.radius).toBeLessThan(1);
        }
      }),
    );
  });

  it("keeps the drum's balls inside the drum, heaped or tumbling", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (turn, agitation) => {
          for (const ball of drumBalls(turn, agitation))
            expect(Math.hypot(ball.x, ball.y) + DRUM_BALL).toBeLessThanOrEqual(DRUM.radius);
        },
      ),
    );
  });
});

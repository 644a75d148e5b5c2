import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "../../../lib/reduced-motion.ts";
import {
  type DrawingFrame,
  REDUCED_MOTION_REVEAL_MS,
  REPLAY_HOLD_MS,
  REVEAL_MS,
  restingFrame,
  revealFrame,
} from "./drawing-timeline.ts";

/**
 * `live`: winners come from the room as they are revealed; a watcher who fell behind (a hidden
 * tab) lands all but the last two at once. `replay`: every winner is known; each gets its turn.
 */
export type RevealPace = "live" | "replay";

/** How many revealed winners a live watcher may have waiting before the older ones just land. */
const LIVE_BACKLOG = 2;

/**
 * The drawing's clock on animation frames: reveals the winners one after another, each over
 * `revealMs` (at most REDUCED_MOTION_REVEAL_MS with reduced motion), calling `onFrame` with the timeline's
 * frame and `onLanded(index)` as each lands. The first `alreadyRevealed` (read at mount: a watcher
 * who came mid-drawing) are on show at once. Nothing moves before the picture is `ready` (its
 * canvas has started: nobody misses a ball); `broken` (no picture) lands every winner at once.
 * Returns how many have landed.
 */
export function useRevealClock({
  count,
  alreadyRevealed,
  pace,
  revealMs = REVEAL_MS,
  ready,
  broken,
  onFrame,
  onLanded,
}: {
  count: number;
  alreadyRevealed: number;
  pace: RevealPace;
  /** A reveal's length (REVEAL_MS unless told: a room that reveals faster). */
  revealMs?: number;
  /** Whether the picture is there (or known to be broken): a reveal waits for it. */
  ready: boolean;
  broken: boolean;
  onFrame: (frame: DrawingFrame) => void;
  onLanded: (index: number) => void;
}): number {
  const [landed, setLanded] = useState(() => Math.min(alreadyRevealed, count));
  const callbacks = useRef({ onFrame, onLanded });
  callbacks.current = { onFrame, onLanded };
  const countRef = useRef(count);
  countRef.current = count;
  const lastLandingAt = useRef(Number.NEGATIVE_INFINITY);
  const waiting = count > landed;

  useEffect(() => {
    const { onFrame, onLanded } = callbacks.current;
    if (!waiting) return onFrame(restingFrame(landed));
    const land = (through: number) => {
      for (let index = landed; index < through; index++) onLanded(index);
      onFrame(restingFrame(through));
      lastLandingAt.current = performance.now();
      setLanded(through);
    };
    if (broken) return land(countRef.current);
    if (!ready) return;
    // A replay shows the machine at rest a moment before its first ball, as between two.
    if (lastLandingAt.current === Number.NEGATIVE_INFINITY)
      lastLandingAt.current = performance.now();
    if (pace === "live" && countRef.current - landed > LIVE_BACKLOG)
      return land(countRef.current - LIVE_BACKLOG);
    const reduced = prefersReducedMotion();
    const durationMs = reduced ? Math.min(REDUCED_MOTION_REVEAL_MS, revealMs) : revealMs;
    const hold = pace === "replay" ? REPLAY_HOLD_MS : 0;
    const start = Math.max(performance.now(), lastLandingAt.current + hold);
    // A replay's pause before the next ball: the landed one stays as it is (no frames drawn).
    callbacks.current.onFrame(restingFrame(landed));
    let frame = requestAnimationFrame(function step(now: number) {
      const progress = (now - start) / durationMs;
      if (progress >= 1) return land(landed + 1);
      if (progress >= 0) callbacks.current.onFrame(revealFrame(landed, progress, reduced));
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [landed, waiting, ready, broken, pace, revealMs]);

  return landed;
}

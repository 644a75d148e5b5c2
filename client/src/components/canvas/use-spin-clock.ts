import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "../../lib/reduced-motion.ts";

/** With reduced motion a spin takes the same path, just this much faster (never skipped). */
export const REDUCED_MOTION_SPIN_MS = 1_500;

/**
 * A spin's clock on animation frames. Each frame gets the elapsed time on the spin's own
 * timeline (0 to `spinMs`); real time is mapped onto it, so a reduced-motion spin passes through
 * the same angles and lands on the same result. `onLanded` is called once, when the timeline
 * ends, or at once when `broken` (the picture could not start: the result shows in words).
 * A new `spinKey` starts a new spin; `spinKey` null rests at 0.
 */
export function useSpinClock({
  spinKey,
  spinMs,
  broken = false,
  onFrame,
  onLanded,
}: {
  spinKey: string | null;
  spinMs: number;
  broken?: boolean;
  onFrame: (elapsedMs: number) => void;
  onLanded?: () => void;
}): boolean {
  const [landedSpin, setLandedSpin] = useState<string | null>(null);
  const landedRef = useRef<string | null>(null);
  // The latest callbacks, read at each frame: a new closure per render must not restart the spin.
  const callbacks = useRef({ onFrame, onLanded });
  callbacks.current = { onFrame, onLanded };

  useEffect(() => {
    if (spinKey === null) {
      callbacks.current.onFrame(0);
      return;
    }
    if (landedRef.current === spinKey) return;
    const land = () => {
      landedRef.current = spinKey;
      callbacks.current.onFrame(spinMs);
      setLandedSpin(spinKey);
      callbacks.current.onLanded?.();
    };
    if (broken) return land();
    const durationMs = prefersReducedMotion() ? Math.min(REDUCED_MOTION_SPIN_MS, spinMs) : spinMs;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now: number) {
      const elapsed = ((now - start) / durationMs) * spinMs;
      if (elapsed >= spinMs) return land();
      callbacks.current.onFrame(elapsed);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [spinKey, spinMs, broken]);

  return spinKey !== null && landedSpin === spinKey;
}

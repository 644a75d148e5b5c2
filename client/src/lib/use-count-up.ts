import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "./reduced-motion.ts";

const COUNT_MS = 900;

/**
 * An amount (major units) shown counting up to a rise, about a second, easing into the new value;
 * a fall shows at once, and so does everything with reduced motion. It counts in whole santim
 * (the display's own steps), so what it shows is always an amount the wallet could hold.
 */
export function useCountUp(amount: number): { shown: number; counting: boolean } {
  const [shown, setShown] = useState(amount);
  const from = useRef(amount);
  useEffect(() => {
    const start = from.current;
    from.current = amount;
    if (!(amount > start) || prefersReducedMotion()) return setShown(amount);
    const [low, high] = [Math.round(start * 100), Math.round(amount * 100)];
    const began = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - began) / COUNT_MS);
      const eased = 1 - (1 - progress) * (1 - progress) * (1 - progress);
      setShown((low + Math.round((high - low) * eased)) / 100);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [amount]);
  return { shown, counting: shown !== amount };
}

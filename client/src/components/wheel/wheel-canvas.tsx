import { Application, extend, useTick } from "@pixi/react";
import { Container, Graphics, Text } from "pixi.js";
import { useCallback, useEffect, useRef, useState } from "react";
import { WHEEL_INK, WHEEL_SEGMENT_COLOURS } from "./wheel-look.ts";
import { WheelPlaceholder } from "./wheel-placeholder.tsx";
import { segmentArc, WHEEL_SPIN_MS, wheelRotationAt } from "./wheel-spin.ts";

/*
 * The result overlay's wheel, drawn with PixiJS through @pixi/react. This module is loaded on
 * demand (React.lazy) so PixiJS stays out of every other screen's JavaScript.
 */
extend({ Container, Graphics, Text });

/** With reduced motion the wheel takes the same path, just this much faster. */
const REDUCED_MOTION_SPIN_MS = 1_500;
/** If the canvas never ticks (no renderer), the wheel is taken as landed this long after the spin. */
const LANDING_GRACE_MS = 1_000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** The six segments with their numbers, centred on the container's origin. */
function WheelFace({ radius }: { radius: number }) {
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      WHEEL_SEGMENT_COLOURS.forEach((color, index) => {
        const { start, end } = segmentArc(index);
        g.moveTo(0, 0)
          .arc(0, 0, radius, start, end)
          .closePath()
          .fill({ color })
          .stroke({ width: 3, color: WHEEL_INK });
      });
      g.circle(0, 0, radius).stroke({ width: 6, color: 0xf1f5f9 });
      g.circle(0, 0, radius * 0.14)
        .fill({ color: WHEEL_INK })
        .stroke({ width: 3, color: 0xf1f5f9 });
    },
    [radius],
  );
  return (
    <>
      <pixiGraphics draw={draw} />
      {WHEEL_SEGMENT_COLOURS.map((_, index) => {
        const { middle } = segmentArc(index);
        return (
          <pixiText
            // biome-ignore lint/suspicious/noArrayIndexKey: six fixed segments
            key={index}
            text={String(index + 1)}
            anchor={0.5}
            x={Math.cos(middle) * radius * 0.66}
            y={Math.sin(middle) * radius * 0.66}
            rotation={middle + Math.PI / 2}
            style={{
              fill: 0xffffff,
              fontSize: Math.round(radius * 0.3),
              fontWeight: "800",
              fontFamily: "system-ui, sans-serif",
              stroke: { color: WHEEL_INK, width: 4 },
            }}
          />
        );
      })}
    </>
  );
}

/** The fixed pointer at 12 o'clock, pointing down onto the wheel's rim. */
function Pointer({ x, y, size }: { x: number; y: number; size: number }) {
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      g.moveTo(x - size / 2, y - size)
        .lineTo(x + size / 2, y - size)
        .lineTo(x, y + size * 0.2)
        .closePath()
        .fill({ color: 0xf1f5f9 })
        .stroke({ width: 2, color: WHEEL_INK });
    },
    [x, y, size],
  );
  return <pixiGraphics draw={draw} />;
}

/** Turns the wheel on the application's ticker, from `startedAt` to `finalRotation`. */
function TurningWheel({
  size,
  finalRotation,
  startedAt,
  spinMs,
  durationMs,
  onLanded,
}: {
  size: number;
  finalRotation: number;
  startedAt: number;
  /** The spin's own length; `durationMs` is the real time it takes (shorter with reduced motion). */
  spinMs: number;
  durationMs: number;
  onLanded: () => void;
}) {
  const wheel = useRef<Container>(null);
  const [turning, setTurning] = useState(true);
  useTick({
    isEnabled: turning,
    callback: () => {
      // Real time mapped onto the full spin's timeline, so reduced motion stops at the same place.
      const elapsed = ((performance.now() - startedAt) / durationMs) * spinMs;
      if (wheel.current) wheel.current.angle = wheelRotationAt(elapsed, finalRotation, spinMs);
      if (elapsed < spinMs) return;
      setTurning(false);
      onLanded();
    },
  });
  const radius = size * 0.44;
  return (
    <>
      <pixiContainer ref={wheel} x={size / 2} y={size / 2}>
        <WheelFace radius={radius} />
      </pixiContainer>
      <Pointer x={size / 2} y={size / 2 - radius} size={size * 0.07} />
    </>
  );
}

/**
 * The wheel of the result overlay: it spins `spinMs` (the live WHEEL_SPIN_MS unless told; about
 * 1.5 s with reduced motion) to `finalRotation` (the server's, or the demo's own draw), then calls
 * `onLanded` once and shows the winner's number in its attributes for assistive technology and
 * tests.
 */
export function WheelCanvas({
  finalRotation,
  winnerValue,
  size = 280,
  spinMs = WHEEL_SPIN_MS,
  label,
  onLanded,
}: {
  finalRotation: number;
  winnerValue: number;
  size?: number;
  spinMs?: number;
  label: string;
  onLanded: () => void;
}) {
  const [startedAt] = useState(() => performance.now());
  const [durationMs] = useState(() =>
    prefersReducedMotion() ? Math.min(REDUCED_MOTION_SPIN_MS, spinMs) : spinMs,
  );
  const [landed, setLanded] = useState(false);
  const onLandedRef = useRef(onLanded);
  onLandedRef.current = onLanded;
  const land = useCallback(() => {
    setLanded((already) => {
      if (!already) queueMicrotask(() => onLandedRef.current());
      return true;
    });
  }, []);
  // Landing never waits on the renderer: without one, the outcome still shows.
  useEffect(() => {
    const timer = setTimeout(land, durationMs + LANDING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [durationMs, land]);

  return (
    <div
      className="wheel-canvas"
      role="img"
      aria-label={label}
      data-testid="wheel-canvas"
      data-landed={landed ? "true" : undefined}
      data-number={landed ? winnerValue : undefined}
      style={{ width: size, height: size }}
    >
      {/* Under the canvas: seen until PixiJS has drawn, then covered by the turning wheel. */}
      <WheelPlaceholder size={size} />
      <Application
        width={size}
        height={size}
        backgroundAlpha={0}
        antialias
        resolution={window.devicePixelRatio || 1}
        autoDensity
      >
        <TurningWheel
          size={size}
          finalRotation={finalRotation}
          startedAt={startedAt}
          spinMs={spinMs}
          durationMs={durationMs}
          onLanded={land}
        />
      </Application>
    </div>
  );
}

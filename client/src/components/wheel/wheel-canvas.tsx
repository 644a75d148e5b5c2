import { useEffect, useRef } from "react";
import { AnimationFailed } from "../canvas/animation-failed.tsx";
import { usePixiScene } from "../canvas/use-pixi-scene.ts";
import { isDrawn } from "../canvas/use-scene.ts";
import { useSpinClock } from "../canvas/use-spin-clock.ts";
import { WheelPlaceholder } from "./wheel-placeholder.tsx";
import { drawWheel } from "./wheel-scene.ts";
import { WHEEL_SPIN_MS, wheelRotationAt } from "./wheel-spin.ts";
import "./wheel.css";

/**
 * The result overlay's wheel: it spins `spinMs` (the live WHEEL_SPIN_MS unless told; about 1.5 s
 * with reduced motion) to `finalRotation` (the server's, or the demo's own draw), then calls
 * `onLanded` once and shows the winner's number in its attributes for assistive technology and
 * tests. The SVG wheel turns the same way until PixiJS (loaded on demand) has drawn; if PixiJS
 * cannot start, the overlay says so with the number, lands at once, and the cause is logged.
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
  const host = useRef<HTMLDivElement>(null);
  const placeholderFace = useRef<SVGGElement>(null);
  const rotation = useRef(0);
  const { scene, status } = usePixiScene(host, size, drawWheel);
  const show = (degrees: number) => {
    rotation.current = degrees;
    scene.current?.show(degrees);
    placeholderFace.current?.setAttribute("transform", `rotate(${degrees % 360})`);
  };
  const landed = useSpinClock({
    spinKey: `${finalRotation}`,
    spinMs,
    broken: status === "failed",
    onFrame: (elapsed) => show(wheelRotationAt(elapsed, finalRotation, spinMs)),
    onLanded,
  });
  // A scene that starts late begins where the spin already is.
  useEffect(() => {
    if (isDrawn(status)) scene.current?.show(rotation.current);
  }, [status, scene]);

  return (
    <div
      ref={host}
      className="wheel-canvas"
      role="img"
      aria-label={label}
      data-testid="wheel-canvas"
      data-renderer={status}
      data-landed={landed ? "true" : undefined}
      data-number={landed ? winnerValue : undefined}
      style={{ width: size, height: size }}
    >
      {status === "loading" && <WheelPlaceholder size={size} faceRef={placeholderFace} />}
      {status === "failed" && <AnimationFailed result={String(winnerValue)} />}
    </div>
  );
}

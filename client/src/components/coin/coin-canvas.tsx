import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AnimationFailed } from "../canvas/animation-failed.tsx";
import { usePixiScene } from "../canvas/use-pixi-scene.ts";
import { isDrawn } from "../canvas/use-scene.ts";
import { useSpinClock } from "../canvas/use-spin-clock.ts";
import { CoinPicture } from "./coin-picture.tsx";
import { drawCoin } from "./coin-scene.ts";
import {
  COIN_SPIN_MS,
  type CoinFace,
  coinAngleAt,
  coinScaleY,
  faceShown,
  fullTurnsFor,
} from "./coin-spin.ts";
import "./coin.css";

const FACE_NAMES: Record<CoinFace, string> = { H: "heads", T: "tails" };

/**
 * The coin of the result overlay. With no outcome it rests heads up; given one, it flips for
 * COIN_SPIN_MS (about 1.5 s with reduced motion) and lands on it, then calls `onLanded` once.
 * `spinKey` varies how many turns it makes, deterministically. A CSS coin flips the same way
 * until PixiJS (loaded on demand) has drawn; if PixiJS cannot start, the overlay says so with
 * the outcome, lands at once, and the cause is logged.
 */
export function CoinCanvas({
  outcome,
  spinKey,
  size = 220,
  onLanded,
}: {
  outcome: CoinFace | null;
  spinKey: string;
  size?: number;
  onLanded?: () => void;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  const angle = useRef(0);
  const [face, setFace] = useState<CoinFace>("H");
  const { scene, status } = usePixiScene(host, size, drawCoin);
  const turns = fullTurnsFor(spinKey);
  const landed = useSpinClock({
    spinKey: outcome === null ? null : `${spinKey}:${outcome}`,
    spinMs: COIN_SPIN_MS,
    broken: status === "failed",
    onFrame: (elapsed) => {
      angle.current = outcome === null ? 0 : coinAngleAt(elapsed, turns, outcome);
      scene.current?.show(angle.current);
      placeholder.current?.style.setProperty("transform", `scaleY(${coinScaleY(angle.current)})`);
      setFace(faceShown(angle.current));
    },
    onLanded,
  });
  // A scene that starts late begins where the flip already is.
  useEffect(() => {
    if (isDrawn(status)) scene.current?.show(angle.current);
  }, [status, scene]);

  const spinning = outcome !== null && !landed;
  return (
    <div
      ref={host}
      role="img"
      aria-label={spinning ? "Coin flipping" : `Coin showing ${FACE_NAMES[face]}`}
      data-testid="coin-canvas"
      data-renderer={status}
      data-face={face}
      data-landed={landed ? "true" : undefined}
      className="coin-canvas"
      style={{ width: size, height: size }}
    >
      {status === "loading" && <CoinPicture face={face} size={size} coinRef={placeholder} />}
      {status === "failed" && outcome && (
        <AnimationFailed result={t(outcome === "H" ? "coinFlip.heads" : "coinFlip.tails")} />
      )}
    </div>
  );
}

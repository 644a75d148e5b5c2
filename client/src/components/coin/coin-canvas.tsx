import type * as Pixi from "pixi.js";
import { useEffect, useRef, useState } from "react";
import {
  COIN_SPIN_MS,
  type CoinFace,
  coinAngleAt,
  coinScaleY,
  faceShown,
  fullTurnsFor,
} from "./coin-spin.ts";

/** With reduced motion the coin takes the same path, just this much faster. */
const REDUCED_MOTION_SPIN_MS = 1_500;

/** The drawing, seen from the animation loop: put the coin at an angle, or tear it down. */
interface CoinScene {
  show(angle: number): void;
  destroy(): void;
}

interface FaceLook {
  letter: string;
  rim: number;
  face: number;
  ink: number;
}

const LOOKS: Record<CoinFace, FaceLook> = {
  H: { letter: "H", rim: 0xb8860b, face: 0xf5c542, ink: 0x7a5c00 },
  T: { letter: "T", rim: 0x7d848f, face: 0xd9dde3, ink: 0x4a525e },
};

const FACE_NAMES: Record<CoinFace, string> = { H: "heads", T: "tails" };

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** One side of the coin: rim, face, an engraved ring, a soft shine and the letter. */
function drawFace(pixi: typeof Pixi, look: FaceLook, radius: number): Pixi.Container {
  const side = new pixi.Container();
  const disc = new pixi.Graphics()
    .circle(0, 0, radius)
    .fill({ color: look.rim })
    .circle(0, 0, radius * 0.86)
    .fill({ color: look.face })
    .stroke({ width: radius * 0.03, color: look.ink, alpha: 0.5 })
    .circle(0, 0, radius * 0.74)
    .stroke({ width: radius * 0.02, color: look.ink, alpha: 0.35 })
    .ellipse(-radius * 0.28, -radius * 0.34, radius * 0.34, radius * 0.16)
    .fill({ color: 0xffffff, alpha: 0.22 });
  const letter = new pixi.Text({
    text: look.letter,
    style: {
      fill: look.ink,
      fontSize: Math.round(radius * 0.95),
      fontWeight: "800",
      fontFamily: "Georgia, 'Times New Roman', serif",
    },
  });
  letter.anchor.set(0.5);
  side.addChild(disc, letter);
  return side;
}

/**
 * Loads PixiJS on demand (so it stays out of the initial bundle) and draws both faces. It renders
 * only when told to: a resting coin costs no frames.
 */
async function createCoinScene(host: HTMLElement, size: number): Promise<CoinScene> {
  const pixi = await import("pixi.js");
  // Pixi's code generation needs eval, which the site's CSP forbids: this swaps in its eval-free
  // equivalents (and skips the probe that would report a violation).
  await import("pixi.js/unsafe-eval");
  const app = new pixi.Application();
  await app.init({
    width: size,
    height: size,
    backgroundAlpha: 0,
    antialias: true,
    autoStart: false,
    resolution: window.devicePixelRatio || 1,
    autoDensity: true,
  });
  const radius = size * 0.44;
  const coin = new pixi.Container();
  coin.position.set(size / 2, size / 2);
  const heads = drawFace(pixi, LOOKS.H, radius);
  const tails = drawFace(pixi, LOOKS.T, radius);
  coin.addChild(heads, tails);
  app.stage.addChild(coin);
  host.appendChild(app.canvas);
  return {
    show(angle) {
      // A flat disc squashed vertically reads as a coin turning about its horizontal axis.
      coin.scale.y = coinScaleY(angle);
      const face = faceShown(angle);
      heads.visible = face === "H";
      tails.visible = face === "T";
      app.render();
    },
    destroy() {
      app.destroy(true, { children: true });
    },
  };
}

/**
 * The coin of the result overlay, a CSS coin until PixiJS has drawn (it flips the same way, so the
 * overlay is never empty). With no outcome it rests heads up; given one, it flips for
 * COIN_SPIN_MS (about 1.5 s with reduced motion) and lands on it, then calls `onLanded` once.
 * `spinKey` varies how many turns it makes, deterministically.
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
  const hostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<CoinScene | null>(null);
  // The latest angle, so a scene that finishes loading late starts where the spin already is.
  const angleRef = useRef(0);
  // The latest callback, read at landing: a new closure per render must not restart the spin.
  const onLandedRef = useRef(onLanded);
  useEffect(() => {
    onLandedRef.current = onLanded;
  });
  const [face, setFace] = useState<CoinFace>("H");
  // A CSS coin stands in from the first frame until PixiJS has drawn (it loads on demand).
  const placeholderRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [landedSpin, setLandedSpin] = useState<string | null>(null);
  const spinId = `${spinKey}:${outcome ?? ""}`;
  const landed = outcome !== null && landedSpin === spinId;

  // The drawing: created per size, independent of the spin so a new outcome does not rebuild it.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    createCoinScene(host, size).then(
      (scene) => {
        if (cancelled) {
          scene.destroy();
          return;
        }
        sceneRef.current = scene;
        scene.show(angleRef.current);
        setDrawn(true);
      },
      // Without a renderer the spin still runs and lands; only the picture is missing.
      (error: unknown) => console.warn("Coin canvas unavailable", error),
    );
    return () => {
      cancelled = true;
      sceneRef.current?.destroy();
      sceneRef.current = null;
    };
  }, [size]);

  // The spin: its clock runs even before the scene is ready, so landing never waits on PixiJS.
  useEffect(() => {
    const showAngle = (angle: number) => {
      angleRef.current = angle;
      sceneRef.current?.show(angle);
      placeholderRef.current?.style.setProperty("transform", `scaleY(${coinScaleY(angle)})`);
      setFace(faceShown(angle));
    };
    if (outcome === null) {
      showAngle(0);
      return;
    }
    const turns = fullTurnsFor(spinKey);
    const duration = prefersReducedMotion() ? REDUCED_MOTION_SPIN_MS : COIN_SPIN_MS;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now: number) {
      // Map real time onto the full spin's timeline, so reduced motion lands on the same face.
      const elapsed = ((now - start) / duration) * COIN_SPIN_MS;
      showAngle(coinAngleAt(elapsed, turns, outcome));
      if (elapsed < COIN_SPIN_MS) {
        frame = requestAnimationFrame(step);
        return;
      }
      setLandedSpin(`${spinKey}:${outcome}`);
      onLandedRef.current?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [outcome, spinKey]);

  const spinning = outcome !== null && !landed;
  return (
    <div
      ref={hostRef}
      role="img"
      aria-label={spinning ? "Coin flipping" : `Coin showing ${FACE_NAMES[face]}`}
      data-testid="coin-canvas"
      data-face={face}
      data-landed={landed ? "true" : undefined}
      className="coin-canvas"
      style={{ width: size, height: size }}
    >
      {!drawn && (
        <div
          ref={placeholderRef}
          className={`coin-placeholder coin-placeholder-${face}`}
          style={{ fontSize: size * 0.42 }}
          aria-hidden="true"
        >
          {face}
        </div>
      )}
    </div>
  );
}

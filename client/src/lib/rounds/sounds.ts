import type confetti from "canvas-confetti";
import type { Howl } from "howler";

/*
 * howler and canvas-confetti (about 16 KB gzipped together) load on first use, in their own
 * chunks: the game screens sit behind statically imported routes, and the first page's
 * JavaScript has a size budget (client/scripts/check-budget.ts).
 */

export type SoundName = "coin" | "win" | "lose";

const SOURCES: Record<SoundName, string> = {
  coin: "/sounds/coin-flip.wav",
  win: "/sounds/win.wav",
  lose: "/sounds/lose.wav",
};

const VOLUME = 0.6;

// One Howl per sound, made on first play: nothing is fetched until a sound is needed.
const howls = new Map<SoundName, Promise<Howl>>();

function howlFor(name: SoundName): Promise<Howl> {
  let howl = howls.get(name);
  if (!howl) {
    howl = import("howler").then(
      ({ Howl }) =>
        new Howl({
          src: [SOURCES[name]],
          volume: VOLUME,
          // Sound is decoration: a missing file or a blocked autoplay must never break the game.
          onloaderror: () => {},
          onplayerror: () => {},
        }),
    );
    // A chunk that failed to load (say, offline) is tried again on the next play.
    howl.catch(() => howls.delete(name));
    howls.set(name, howl);
  }
  return howl;
}

/** Plays one of the game's sounds; failures (no audio, no network) are ignored. */
export function playSound(name: SoundName): void {
  howlFor(name)
    .then((howl) => howl.play())
    .catch(() => {});
}

const BURST: confetti.Options = {
  particleCount: 80,
  spread: 60,
  startVelocity: 55,
  // canvas-confetti checks prefers-reduced-motion itself and then draws nothing.
  disableForReducedMotion: true,
};

/**
 * canvas-confetti assumes a 2D context and would throw from its animation frame without one
 * (canvas blocked for privacy, or a test DOM such as happy-dom), where no catch can reach it.
 */
function canDrawConfetti(): boolean {
  return document.createElement("canvas").getContext("2d") !== null;
}

/** Two bursts of confetti, from the bottom left and bottom right corners, for a win. */
export function celebrate(): void {
  if (!canDrawConfetti()) return;
  import("canvas-confetti")
    .then(({ default: fire }) =>
      Promise.all([
        fire({ ...BURST, angle: 60, origin: { x: 0, y: 0.8 } }),
        fire({ ...BURST, angle: 120, origin: { x: 1, y: 0.8 } }),
      ]),
    )
    // No canvas or no network: the overlay itself still shows the win.
    .catch(() => {});
}

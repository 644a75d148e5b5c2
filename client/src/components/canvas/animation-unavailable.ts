/** A game's picture could not start (no WebGL nor 2D canvas, a Content Security Policy, ...). */
export class AnimationUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The game animation could not start: ${describe(cause)}`, { cause });
    this.name = "AnimationUnavailable";
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

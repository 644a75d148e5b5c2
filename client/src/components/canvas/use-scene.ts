import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Loading until the stage has drawn the scene, then the renderer that draws it ("webgl",
 * "webgpu", or "canvas": a 2D canvas); failed if none could start.
 */
export type SceneStatus = "loading" | "failed" | "webgl" | "webgpu" | "canvas";

export const isDrawn = (status: SceneStatus) => status !== "loading" && status !== "failed";

/** A started picture on the page: what draws it, and how it goes away. */
export interface Stage {
  renderer: Exclude<SceneStatus, "loading" | "failed">;
  /** The square's side, in CSS pixels. */
  size: number;
  destroy(): void;
}

/**
 * A scene in `host`: the stage `start` makes (PixiJS's, or a plain 2D canvas), then the scene
 * `build` draws on it; torn down on unmount or when the size changes. A stage that cannot start
 * is logged as an error with its cause and reported as `failed`: the screen says so and shows
 * the result in words (no timer stands in for a picture that never comes).
 */
export function useScene<S extends Stage, Scene>(
  host: RefObject<HTMLElement | null>,
  size: number,
  start: (host: HTMLElement, size: number) => Promise<S>,
  build: (stage: S) => Scene,
) {
  const scene = useRef<Scene | null>(null);
  const [status, setStatus] = useState<SceneStatus>("loading");
  const made = useRef({ start, build });
  made.current = { start, build };
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let stage: S | null = null;
    made.current.start(element, size).then(
      (started) => {
        if (cancelled) return started.destroy();
        stage = started;
        scene.current = made.current.build(started);
        setStatus(started.renderer);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error(error);
        setStatus("failed");
      },
    );
    return () => {
      cancelled = true;
      scene.current = null;
      stage?.destroy();
    };
  }, [host, size]);
  return { scene, status };
}

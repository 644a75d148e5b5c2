import { type RefObject, useEffect, useRef, useState } from "react";
import { type PixiStage, startPixiStage } from "./pixi-stage.ts";

/**
 * Loading until PixiJS has drawn the scene, then the renderer that draws it ("webgl", "webgpu",
 * or "canvas" where the device has only a 2D canvas); failed if none could start.
 */
export type SceneStatus = "loading" | "failed" | "webgl" | "webgpu" | "canvas";

export const isDrawn = (status: SceneStatus) => status !== "loading" && status !== "failed";

/**
 * A PixiJS scene in `host`, built by `build` once the stage has started, torn down on unmount or
 * when the size changes. A renderer that cannot start is logged as an error with its cause and
 * reported as `failed`: the screen says so and shows the result in words (no timer stands in for
 * a picture that never comes).
 */
export function usePixiScene<Scene>(
  host: RefObject<HTMLElement | null>,
  size: number,
  build: (stage: PixiStage) => Scene,
) {
  const scene = useRef<Scene | null>(null);
  const [status, setStatus] = useState<SceneStatus>("loading");
  const buildRef = useRef(build);
  buildRef.current = build;
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    let stage: PixiStage | null = null;
    startPixiStage(element, size).then(
      (started) => {
        if (cancelled) return started.destroy();
        stage = started;
        scene.current = buildRef.current(started);
        setStatus(started.app.renderer.name as SceneStatus);
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

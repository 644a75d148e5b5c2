const CAUGHT = ["uncaughtException", "unhandledRejection"] as const;
type Handler = (...args: unknown[]) => void;
const handlersOf = (event: (typeof CAUGHT)[number]) =>
  (process.listeners as (event: string) => Handler[])(event);

/**
 * Runs Colyseus' matchmaker setup without PM2's agent. @colyseus/core loads @pm2/io whenever it
 * is installed (an optional peer of Colyseus, which npm installs here, in production too, through
 * @colyseus/testing's tools) to publish two gauges to PM2. Loading it starts PM2's agent in this
 * process: it lists every libuv handle (each websocket) and samples the heap and the event loop
 * every second, keeps an inspector session open with the profilers enabled, wraps HTTP requests
 * when it can, and catches uncaught exceptions and unhandled rejections (an unhandled rejection
 * is then only logged, where Node ends the process). No PM2 runs this server: the agent is
 * destroyed once setup has loaded it, and the two handlers it leaves behind (its destroy()
 * removes other functions than it added) are removed. Without @pm2/io: nothing to stop.
 */
export async function withoutPm2Agent<T>(setup: () => Promise<T>): Promise<T> {
  const before = new Map(CAUGHT.map((event) => [event, new Set(handlersOf(event))]));
  const result = await setup();
  let agent: { destroy(): void };
  try {
    agent = (await import("@pm2/io")).default;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") return result;
    throw error;
  }
  agent.destroy();
  for (const event of CAUGHT)
    for (const listener of handlersOf(event))
      if (!before.get(event)!.has(listener) && listener.name.startsWith("bound on"))
        process.removeListener(event, listener);
  return result;
}

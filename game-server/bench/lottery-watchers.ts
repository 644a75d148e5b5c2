import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { inBatches } from "./measure.ts";

/**
 * The watchers of `npm run bench:lottery`, in a worker thread of their own: WATCHERS anonymous
 * SDK clients in one lottery's room. Every frame they receive is counted (bytes, frames), so
 * the benchmark can say what the room's broadcast costs per ticket sold. Commands from the
 * main thread: `reset` (start counting afresh), `read` (the counts, and the lowest and highest
 * ticketsSold the watchers see), `close`.
 */
const { url, code, count, concurrency } = workerData as {
  url: string;
  code: string;
  count: number;
  concurrency: number;
};

const received = { bytes: 0, frames: 0 };
// Counted below the SDK: every WebSocket it opens is this one (set before the SDK loads).
const Base = globalThis.WebSocket;
globalThis.WebSocket = class extends Base {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.addEventListener("message", (event: MessageEvent) => {
      received.frames++;
      const data = event.data as ArrayBuffer | string;
      received.bytes += typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
    });
  }
} as typeof WebSocket;
const { Client } = await import("@colyseus/sdk");
type Room = Awaited<ReturnType<InstanceType<typeof Client>["joinById"]>>;

// NICE (0 by default) lowers this thread's priority on a shared machine; a watcher starved of
// CPU misses the server's pings and is dropped, which the figures then show.
try {
  setPriority(Number(process.env.WATCHERS_NICE ?? 0));
} catch {}
const rooms: Room[] = [];
const seen = { drawingSoon: 0, winners: 0, drawn: 0, drops: 0 };
let failed = 0;
await inBatches(
  Array.from({ length: count }, (_, i) => i),
  concurrency,
  async () => {
    try {
      const room = await new Client(url).joinById(code);
      room.onMessage("drawingSoon", () => seen.drawingSoon++);
      room.onMessage("winner", () => seen.winners++);
      room.onMessage("drawn", () => seen.drawn++);
      room.onMessage("*", () => {});
      // A drop is counted, not hidden by a reconnection: a watcher that missed pings is a cost.
      room.reconnection.enabled = false;
      room.onLeave(() => seen.drops++);
      rooms.push(room);
    } catch (error) {
      if (failed++ < 3) console.log(`  watcher failed to join: ${String(error)}`);
    }
  },
);
parentPort!.postMessage({ type: "connected", connected: rooms.length, failed });

parentPort!.on("message", async (command: string) => {
  if (command === "reset") {
    received.bytes = 0;
    received.frames = 0;
    parentPort!.postMessage({ type: "reset" });
  } else if (command === "read") {
    const sold = rooms.map((room) => (room.state as { ticketsSold?: number }).ticketsSold ?? 0);
    parentPort!.postMessage({
      type: "read",
      ...received,
      open: rooms.filter((room) => room.connection.isOpen).length,
      soldMin: Math.min(...sold),
      soldMax: Math.max(...sold),
      seen,
    });
  } else if (command === "close") {
    await Promise.all(rooms.map((room) => room.leave().catch(() => {})));
    parentPort!.postMessage({ type: "closed" });
  }
});

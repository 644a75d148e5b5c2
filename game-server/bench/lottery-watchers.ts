import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { inBatches } from "./measure.ts";

/**
 * The watchers of `npm run bench:lottery`, in a worker thread of their own: WATCHERS anonymous
 * watchers in one lottery's room. `decoding` of them are SDK clients that decode the state (the
 * benchmark reads their ticketsSold); the rest are lean: each a real WebSocket joined to the room
 * through the matchmaker (seat reservation, JOIN_ROOM acknowledged, pings answered), so the
 * server sends it every patch and message as to a browser, but it decodes nothing beyond a
 * message's type. The bench's own CPU then goes to the buyers, not to decoding 2,000 copies of
 * the same patch. Every frame received is counted (bytes, frames), so the benchmark can say what
 * the room's broadcast costs per ticket sold. Commands from the main thread: `reset` (start
 * counting afresh), `read` (the counts, and the lowest and highest ticketsSold the decoding
 * watchers see), `close`.
 */
const { url, code, count, decoding, concurrency } = workerData as {
  url: string;
  code: string;
  count: number;
  decoding: number;
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
const { Protocol } = await import("@colyseus/core");
type Room = Awaited<ReturnType<InstanceType<typeof Client>["joinById"]>>;

// NICE (0 by default) lowers this thread's priority on a shared machine; a watcher starved of
// CPU misses the server's pings and is dropped, which the figures then show.
try {
  setPriority(Number(process.env.WATCHERS_NICE ?? 0));
} catch {}
const rooms: Room[] = [];
const lean: WebSocket[] = [];
const seen = { drawingSoon: 0, winners: 0, drawn: 0, drops: 0 };
let failed = 0;
await inBatches(
  Array.from({ length: count }, (_, i) => i),
  concurrency,
  async (index) => {
    try {
      if (index < decoding) rooms.push(await joinDecoding());
      else lean.push(await joinLean());
    } catch (error) {
      if (failed++ < 3) console.log(`  watcher failed to join: ${String(error)}`);
    }
  },
);

/** An SDK client: decodes the state and every message. */
async function joinDecoding() {
  const room = await new Client(url).joinById(code);
  room.onMessage("drawingSoon", () => seen.drawingSoon++);
  room.onMessage("winner", () => seen.winners++);
  room.onMessage("drawn", () => seen.drawn++);
  room.onMessage("*", () => {});
  // A drop is counted, not hidden by a reconnection: a watcher that missed pings is a cost.
  room.reconnection.enabled = false;
  room.onLeave(() => seen.drops++);
  return room;
}

/**
 * A lean watcher: the SDK's join without the SDK (POST /matchmake/joinById, then the room's
 * WebSocket with the seat's session id, JOIN_ROOM acknowledged as the SDK does). It reads only
 * the type of a room message (a short string: msgpack fixstr after the protocol byte).
 */
async function joinLean(): Promise<WebSocket> {
  const response = await fetch(`${url}/matchmake/joinById/${code}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: "{}",
  });
  const seat = (await response.json()) as { processId: string; roomId: string; sessionId: string };
  if (!response.ok) throw new Error(`seat: ${response.status} ${JSON.stringify(seat)}`);
  const socket = new WebSocket(
    `${url.replace(/^http/, "ws")}/${seat.processId}/${seat.roomId}?sessionId=${seat.sessionId}`,
  );
  socket.binaryType = "arraybuffer";
  return new Promise((resolve, reject) => {
    let joined = false;
    socket.onmessage = (event: MessageEvent) => {
      const frame = new Uint8Array(event.data as ArrayBuffer);
      if (!joined && frame[0] === Protocol.JOIN_ROOM) {
        joined = true;
        socket.send(Uint8Array.of(Protocol.JOIN_ROOM));
        resolve(socket);
      } else if (frame[0] === Protocol.ROOM_DATA) countMessage(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      if (joined) seen.drops++;
      else reject(new Error(`closed before joining (${event.code})`));
    };
  });
}

const FIXSTR = 0xa0;
function countMessage(frame: Uint8Array) {
  if ((frame[1]! & 0xe0) !== FIXSTR) return;
  const type = Buffer.from(frame.buffer, frame.byteOffset + 2, frame[1]! & 0x1f).toString();
  if (type === "drawingSoon") seen.drawingSoon++;
  else if (type === "winner") seen.winners++;
  else if (type === "drawn") seen.drawn++;
}

parentPort!.postMessage({ type: "connected", connected: rooms.length + lean.length, failed });

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
      open:
        rooms.filter((room) => room.connection.isOpen).length +
        lean.filter((socket) => socket.readyState === WebSocket.OPEN).length,
      soldMin: Math.min(...sold),
      soldMax: Math.max(...sold),
      seen,
    });
  } else if (command === "close") {
    for (const socket of lean) socket.close();
    // A dropped room's leave never settles: wait a few seconds at most.
    await Promise.race([
      Promise.all(rooms.map((room) => room.leave().catch(() => {}))),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
    parentPort!.postMessage({ type: "closed" });
  }
});

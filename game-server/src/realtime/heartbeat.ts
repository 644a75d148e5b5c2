import { WebSocketTransport } from "@colyseus/ws-transport";
import type { WebSocket, WebSocketServer } from "ws";

/** Each socket is pinged in one of this many turns of the ping interval. */
const SLICES = 30;

/**
 * Colyseus' websocket transport, its pings and drops unchanged (`pingInterval`, `pingMaxRetries`:
 * every 3 s, a socket that missed 2 is dropped) but sent a slice at a time (pingInSlices).
 */
export class SlicedPingTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(everyMs: number, maxMissed: number) {
    // Colyseus clears `pingInterval` when the HTTP server closes.
    this.pingInterval = pingInSlices(this.wss, { everyMs, maxMissed, slices: SLICES });
  }
}

/** Colyseus' own bookkeeping on each socket: pings not answered yet (a pong resets it to 0). */
type Pinged = WebSocket & { pingCount: number };

/**
 * Pings every websocket every `everyMs` and drops one that missed `maxMissed` pings in a row,
 * as @colyseus/ws-transport does (its pong handler resets the count), but a slice of the
 * sockets at a time: every `everyMs / slices` the sockets of one slice. Colyseus pings all of
 * them in one timer callback, which with a few thousand sockets holds the process for tens of
 * milliseconds every `everyMs` (joins in flight then wait it out); the same pings spread out
 * cost the same CPU without the stall. Returns the timer.
 */
export function pingInSlices(
  wss: WebSocketServer,
  { everyMs, maxMissed, slices }: { everyMs: number; maxMissed: number; slices: number },
) {
  const sliceOf = new WeakMap<WebSocket, number>();
  let next = 0;
  let turn = 0;
  return setInterval(
    () => {
      for (const socket of wss.clients as Set<Pinged>) {
        let slice = sliceOf.get(socket);
        if (slice === undefined) {
          slice = next++ % slices;
          sliceOf.set(socket, slice);
        }
        if (slice !== turn) continue;
        if (socket.pingCount >= maxMissed) {
          socket.terminate();
          continue;
        }
        socket.pingCount = (socket.pingCount ?? 0) + 1;
        socket.ping(undefined, undefined, ignore);
      }
      turn = (turn + 1) % slices;
    },
    Math.max(1, Math.floor(everyMs / slices)),
  );
}

/** A ping to a socket closing meanwhile fails: its close is handled where it is seen. */
const ignore = () => {};

import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Every frame written to a websocket client in one turn of the event loop leaves in one write
 * (one system call) instead of one each: a join sends each client in its room a state patch and
 * notices, and its channel balance pushes, often in the same turn. The frames, their order and
 * their content are unchanged; they leave at the end of the turn, every socket's at once (one
 * setImmediate per turn, not one per socket: a ping round or a patch tick writes to thousands).
 * Installed on the HTTP server's upgrades, so it holds websockets only.
 */
export function batchWebsocketWrites(server: Server) {
  server.on("upgrade", (_request, socket: Duplex) => holdUntilTurnEnds(socket));
}

/** The sockets holding frames this turn, all released by one setImmediate. */
const held = new Set<Duplex>();

function releaseHeld() {
  // end() flushes what is held and destroy() drops it: nothing to do after either.
  for (const socket of held) if (socket.writableCorked > 0) socket.uncork();
  held.clear();
}

function holdUntilTurnEnds(socket: Duplex) {
  const write = socket.write;
  socket.write = function (this: Duplex, ...args: Parameters<Duplex["write"]>) {
    if (!held.has(socket) && !socket.destroyed) {
      if (held.size === 0) setImmediate(releaseHeld);
      held.add(socket);
      socket.cork();
    }
    return write.apply(this, args);
  } as Duplex["write"];
}

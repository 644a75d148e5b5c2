import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * Every frame written to a websocket client in one turn of the event loop leaves in one write
 * (one system call) instead of one each: a join sends each client in its room a state patch and
 * notices, and its channel balance pushes, often in the same turn. The frames, their order and
 * their content are unchanged; they leave at the end of the turn (setImmediate). Installed on
 * the HTTP server's upgrades, so it holds websockets only.
 */
export function batchWebsocketWrites(server: Server) {
  server.on("upgrade", (_request, socket: Duplex) => holdUntilTurnEnds(socket));
}

function holdUntilTurnEnds(socket: Duplex) {
  const write = socket.write;
  let held = false;
  const release = () => {
    held = false;
    // end() flushes what is held and destroy() drops it: nothing to do after either.
    if (socket.writableCorked > 0) socket.uncork();
  };
  socket.write = function (this: Duplex, ...args: Parameters<Duplex["write"]>) {
    if (!held && !socket.destroyed) {
      held = true;
      socket.cork();
      setImmediate(release);
    }
    return write.apply(this, args);
  } as Duplex["write"];
}

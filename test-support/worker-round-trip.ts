import { createServer, request as forward, type IncomingMessage } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { buffer } from "node:stream/consumers";

/** The network a page loads over, as Chromium's emulation has it. */
export interface NetworkProfile {
  latencyMs: number;
  downloadBytesPerSecond: number;
}

/**
 * A proxy in front of the server that makes the pages a service worker fetches pay the network
 * a phone would. Chromium's network emulation applies to the page's requests, not to the fetches
 * of its service worker (first-load.bench.ts says what was tried), so without this a repeat
 * visit to a page the worker fetches from the server (one rendered for the session, never kept)
 * would arrive without its round trip. Each navigation a worker fetches (Chromium sends it with
 * `Sec-Fetch-Mode: navigate` and `Sec-Fetch-Dest: empty`; the page's own has `document`) is
 * answered after one round trip and its body's time at the profile's bandwidth; everything
 * else, websockets included, passes as it comes. A navigation preload (`Sec-Fetch-Dest:
 * document` with `Service-Worker-Navigation-Preload`) is the browser's own request, throttled by
 * Chromium as the page's are: it passes too. `seen` is told of each request as it comes (a test
 * reads which requests a page made).
 */
export async function startWorkerRoundTrip(
  target: string,
  profile: NetworkProfile,
  seen: (request: IncomingMessage) => void = () => {},
) {
  const upstream = new URL(target);
  const state = { delayed: 0 };
  const server = createServer((incoming, outgoing) => {
    seen(incoming);
    // A navigation whose request comes with no destination: fetched by a service worker.
    const slowed =
      incoming.headers["sec-fetch-mode"] === "navigate" &&
      incoming.headers["sec-fetch-dest"] === "empty";
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      async (answer) => {
        if (!slowed) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const body = await buffer(answer);
        state.delayed++;
        // The server's own time has passed: the round trip and the bytes' time come on top.
        const due = profile.latencyMs + (body.length * 1000) / profile.downloadBytesPerSecond;
        await new Promise((resolve) => setTimeout(resolve, due));
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        outgoing.end(body);
      },
    );
    proxied.on("error", () => outgoing.destroy());
    incoming.pipe(proxied);
  });
  // A websocket's upgrade: the two sockets joined as they are.
  const upgraded = new Set<Socket>();
  server.on("upgrade", (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    const link = connect(Number(upstream.port), upstream.hostname, () => {
      link.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${rawHeaders(incoming)}\r\n`);
      link.write(head);
      socket.pipe(link).pipe(socket);
    });
    for (const end of [socket, link]) {
      upgraded.add(end);
      end.on("close", () => upgraded.delete(end));
    }
    link.on("error", () => socket.destroy());
    socket.on("error", () => link.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function rawHeaders(incoming: IncomingMessage): string {
  let text = "";
  for (let i = 0; i < incoming.rawHeaders.length; i += 2)
    text += `${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}\r\n`;
  return text;
}

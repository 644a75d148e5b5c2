import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createNodeMatchmakingMiddleware, matchMaker, Room } from "@colyseus/core";
import { setTransport } from "@colyseus/core/Transport";
import { type ArraySchema, schema, t } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";

/**
 * The floor bench:rooms compares the platform with: Colyseus 0.18 as the platform runs it (the
 * same transport, matchmaking and SDK clients), with rooms that hold a seat list and nothing
 * else. No ledger, no database, no auth (the bearer token is taken as the player's id), no
 * machine. The same routes as the platform's for what the benchmark calls:
 *   POST /api/game/{game}/create   a room with the caller's seat, answered `{ gameCode }`
 *   POST /api/game/{game}/join     `{ code }`: the caller's seat through matchMaker.remoteRoomCall,
 *                                  then (two seats) the result message, `coin` or `spin`, to all,
 *                                  START_NOTICE_MS later (as the platform's start notice)
 *   GET  anything                  200 `{}` (the health checks; no metrics)
 *   /matchmake/*                   Colyseus' own (the SDK's joinById, joinOrCreate("player"))
 * Run by the benchmark: `node --import tsx bare-server.ts` with PORT and START_NOTICE_MS.
 */
const BareState = schema({ seats: t.array("string") }, "BareState");
type BareState = InstanceType<typeof BareState> & { seats: ArraySchema<string> };
const noticeMs = Number(process.env.START_NOTICE_MS ?? 0);

class BareRound extends Room<{ state: BareState }> {
  override autoDispose = false;
  override patchRate = 100; // as the platform's round rooms
  override state = new BareState() as BareState;
  private result = "coin";

  override onCreate(options: { player: string; game: string }) {
    this.result = options.game === "spin-wheel" ? "spin" : "coin";
    this.state.seats.push(options.player);
  }

  join(player: string) {
    this.state.seats.push(player);
    if (this.state.seats.length >= 2) {
      const seats = [...this.state.seats];
      const draw = () =>
        this.broadcast(this.result, {
          winner: seats[Math.floor(Math.random() * seats.length)],
          seats,
        });
      if (noticeMs > 0) setTimeout(draw, noticeMs);
      else draw();
    }
    return { seats: [...this.state.seats] };
  }
}

/** A player's channel, as the platform's `player` room, without anything to tell. */
class BareChannel extends Room {
  override patchRate = 1000;
}

const routes: Record<
  string,
  (player: string, game: string, body: Record<string, string>) => Promise<object>
> = {
  async create(player, game) {
    const room = await matchMaker.createRoom("bare_round", { player, game });
    return { gameCode: room.roomId };
  },
  async join(player, _game, { code }) {
    return { game: await matchMaker.remoteRoomCall(code!, "join", [player]) };
  },
};

async function answer(request: IncomingMessage, response: ServerResponse) {
  const route = /^\/api\/game\/([a-z-]+)\/(create|join)$/.exec(request.url ?? "");
  if (request.method !== "POST" || !route) return send(response, 200, {});
  let text = "";
  for await (const chunk of request) text += chunk;
  const player = (request.headers.authorization ?? "").replace(/^Bearer /, "");
  const status = route[2] === "create" ? 201 : 200;
  send(response, status, await routes[route[2]!]!(player, route[1]!, JSON.parse(text || "{}")));
}

function send(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const matchmaking = createNodeMatchmakingMiddleware();
const server = createServer((request, response) => {
  const fail = (error: unknown) => send(response, 500, { message: String(error) });
  if (request.url?.startsWith("/matchmake/"))
    return void matchmaking(request, response, () => send(response, 404, {})).catch(fail);
  answer(request, response).catch(fail);
});
await matchMaker.setup(undefined, undefined, undefined, async () => matchMaker.processId);
matchMaker.defineRoomType("bare_round", BareRound);
matchMaker.defineRoomType("player", BareChannel).filterBy(["userId"]);
const transport = new WebSocketTransport({ noServer: true });
transport.attachToServer(server);
setTransport(transport);
await matchMaker.accept();
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server up"));
process.once("SIGTERM", () => process.exit(0));

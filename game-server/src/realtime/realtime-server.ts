import {
  createNodeMatchmakingMiddleware,
  LocalPresence,
  matchMaker,
  type Presence,
} from "@colyseus/core";
import { setTransport } from "@colyseus/core/Transport";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { ROOMS } from "@igp/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { coinFlipRoom } from "../games/coin-flip/coin-flip.room.ts";
import type { RoundGames } from "../games/round-kernel/round-games.ts";
import type { RoundRegistry } from "../games/round-kernel/round-registry.ts";
import { spinWheelRoom } from "../games/spin-wheel/spin-wheel.room.ts";
import type { BalanceNotifier } from "./balance-notifier.ts";
import { lobbyRoom } from "./lobby.room.ts";
import { Notifications } from "./notifications.ts";
import { playerRoom } from "./player.room.ts";
import type { RoomAuth } from "./room-auth.ts";

export interface RealtimeDeps {
  auth: RoomAuth;
  balances: BalanceNotifier;
  registry: RoundRegistry;
  games: RoundGames;
  startNoticeMs: number;
  log: (message: string, error?: unknown) => void;
  redisUrl?: string;
}

export interface Realtime {
  notifications: Notifications;
  stop(): Promise<void>;
}

/**
 * Matchmaking calls clients may make. Game rounds are created by the server (the create routes,
 * recovery), so clients only join them by id (the round code); the lobby and the per-user
 * channel may be created on demand.
 */
const CLIENT_MATCHMAKING = new RegExp(
  `^/matchmake/(joinById/[A-Za-z0-9_-]+|(join|joinOrCreate)/(${ROOMS.lobby}|${ROOMS.player}))$`,
);

/**
 * Colyseus on the same origin as the API (STACK-NOTES.md): the WebSocket transport takes the
 * HTTP server's upgrades, and a Fastify hook hands `/matchmake/*` to Colyseus' matchmaking
 * middleware. Call before the server listens (Fastify takes no hooks after that).
 */
export async function startRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<Realtime> {
  const presence: Presence = deps.redisUrl ? new RedisPresence(deps.redisUrl) : new LocalPresence();
  const driver = deps.redisUrl ? new RedisDriver(deps.redisUrl) : undefined;
  await matchMaker.setup(presence, driver);
  const notifications = new Notifications(presence);

  const roundRoom = { ...deps, notifications: () => notifications };
  matchMaker.defineRoomType(
    ROOMS.coinFlip,
    coinFlipRoom({ ...roundRoom, rounds: deps.games["coin-flip"] }),
  );
  matchMaker.defineRoomType(
    ROOMS.spinWheel,
    spinWheelRoom({ ...roundRoom, rounds: deps.games["spin-wheel"] }),
  );
  matchMaker.defineRoomType(ROOMS.lobby, lobbyRoom(deps));
  matchMaker
    .defineRoomType(ROOMS.player, playerRoom({ auth: deps.auth, balances: deps.balances }))
    .filterBy(["userId"]);

  const transport = new WebSocketTransport({ noServer: true });
  transport.attachToServer(app.server);
  setTransport(transport);
  app.addHook("onRequest", matchmakingHook());
  await matchMaker.accept();

  return {
    notifications,
    async stop() {
      // The matchmaker is one per process: a second platform in the same process (tests) shares
      // it, and whichever stops first shuts it down.
      await matchMaker.gracefullyShutdown().catch((error: unknown) => {
        if (error !== "already_shutting_down") throw error;
      });
      transport.shutdown();
    },
  };
}

function matchmakingHook() {
  const matchmaking = createNodeMatchmakingMiddleware();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith("/matchmake/")) return;
    const path = request.url.split("?")[0]!;
    if (request.raw.method === "POST" && !CLIENT_MATCHMAKING.test(path)) {
      return reply.code(403).send({ message: "Games are created through the API." });
    }
    reply.hijack();
    await matchmaking(request.raw, reply.raw, () => {
      reply.raw.writeHead(404, { "content-type": "application/json" });
      reply.raw.end(JSON.stringify({ message: "Not found." }));
    });
  };
}

import type { ServerResponse } from "node:http";
import {
  createNodeMatchmakingMiddleware,
  ErrorCode,
  LocalPresence,
  matchMaker,
  type Presence,
  ServerError,
} from "@colyseus/core";
import { setTransport } from "@colyseus/core/Transport";
import { ROOMS, ROUND_ROOMS, STAFF_ROOM } from "@igp/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { type LapsedLottery, LotteryLeases } from "../games/lottery/lottery-leases.ts";
import type { LotteryRounds } from "../games/lottery/lottery-rounds.ts";
import { ROUND_GAMES } from "../games/round-game-catalog.ts";
import { RoundFailover } from "../games/round-kernel/round-failover.ts";
import type { RoundGames } from "../games/round-kernel/round-games.ts";
import { RoundLeases } from "../games/round-kernel/round-leases.ts";
import { recoverRound } from "../games/round-kernel/round-recovery.ts";
import type { RoundRegistry } from "../games/round-kernel/round-registry.ts";
import type { BalanceNotifier } from "./balance-notifier.ts";
import { SlicedPingTransport } from "./heartbeat.ts";
import { lobbyRoom } from "./lobby.room.ts";
import { lotteryRoom } from "./lottery.room.ts";
import { type LotteryRooms, matchMakerLotteryRooms } from "./lottery-rooms.ts";
import { Notifications } from "./notifications.ts";
import { joinPeers, type SharedSecrets } from "./peer-secrets.ts";
import { playerRoom } from "./player.room.ts";
import { withoutPm2Agent } from "./pm2-agent.ts";
import {
  ignoreOutageRejections,
  RedisConnections,
  RedisUnavailableError,
} from "./redis-connections.ts";
import type { RoomAuth } from "./room-auth.ts";
import { roundRoom } from "./round-room.ts";
import { matchMakerRoundRooms, type RoundRooms } from "./round-rooms.ts";
import { batchWebsocketWrites } from "./socket-batching.ts";
import { staffRoom } from "./staff.room.ts";
import type { StaffFeed } from "./staff-feed.ts";

export interface RealtimeDeps {
  auth: RoomAuth;
  balances: BalanceNotifier;
  /** New and decided requests, for the back office's live channel. */
  staffFeed: StaffFeed;
  registry: RoundRegistry;
  games: RoundGames;
  lotteries: LotteryRounds;
  pool: pg.Pool;
  startNoticeMs: number;
  /** The pause between two winners revealed in a lottery's drawing. */
  lotteryRevealEveryMs: number;
  log: (message: string, error?: unknown) => void;
  redisUrl?: string;
  /** How long a request waits on Redis before it is answered 503 (REDIS_TIMEOUT_MS). */
  redisTimeoutMs: number;
  /** Where clients reach this process' websockets (PUBLIC_ADDRESS); the request's origin if unset. */
  publicAddress?: string;
  reconnectGraceSeconds: number;
  /** Checked against the other processes sharing REDIS_URL: a process with others refuses to start. */
  secrets: SharedSecrets;
  /** How long a round's lease lasts without renewal: a dead process' rounds move on after it. */
  roundLeaseMs: number;
}

export interface Realtime {
  notifications: Notifications;
  /** Round rooms, wherever they run (refused at once while Redis is away). */
  roundRooms: RoundRooms;
  /** Lottery rooms, wherever they run. */
  lotteryRooms: LotteryRooms;
  /** Whether Redis is connected: true without Redis (one process, in-process presence). */
  redisReady(): boolean;
  stop(): Promise<void>;
}

/**
 * Matchmaking calls clients may make. Game rounds are created by the server (the create routes,
 * recovery), so clients only join them by id (the round code); the lobby and the per-user
 * channel may be created on demand.
 */
const CLIENT_MATCHMAKING = new RegExp(
  `^/matchmake/((joinById|reconnect)/[A-Za-z0-9_-]+|(join|joinOrCreate)/(${ROOMS.lobby}|${ROOMS.player}|${STAFF_ROOM}))$`,
);

/**
 * Colyseus on the same origin as the API (STACK-NOTES.md): the WebSocket transport takes the
 * HTTP server's upgrades, and a Fastify hook hands `/matchmake/*` to Colyseus' matchmaking
 * middleware. Call before the server listens (Fastify takes no hooks after that).
 */
export async function startRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<Realtime> {
  const warn = (message: string) => app.log.warn(message);
  const redis = deps.redisUrl
    ? new RedisConnections(deps.redisUrl, { timeoutMs: deps.redisTimeoutMs, log: warn })
    : null;
  if (redis) ignoreOutageRejections(warn);
  const presence: Presence = redis?.presence ?? new LocalPresence();
  const driver = redis?.driver;
  const redisReady = () => redis?.ready() ?? true;
  const roundRooms = matchMakerRoundRooms(redisReady);
  // Rooms are created in the process that asked (the create route's, recovery's): its leases
  // and its clients' websockets then point at one place.
  await withoutPm2Agent(() =>
    matchMaker.setup(presence, driver, deps.publicAddress, async () => matchMaker.processId),
  );
  const peers = deps.redisUrl
    ? await joinPeers(presence, matchMaker.processId, deps.secrets)
    : null;
  const notifications = new Notifications(presence);
  const failover = roundFailover(deps, roundRooms, Boolean(deps.redisUrl));
  const lotteryRooms = matchMakerLotteryRooms(redisReady);
  const lotteryFailover = lotteryRoomFailover(deps, lotteryRooms, Boolean(deps.redisUrl));

  const roomDeps = { ...deps, failover, notifications: () => notifications };
  for (const game of ROUND_GAMES) {
    const type = game.rules.type;
    matchMaker.defineRoomType(
      ROUND_ROOMS[type],
      roundRoom(game, { ...roomDeps, rounds: deps.games[type] }),
    );
  }
  matchMaker.defineRoomType(
    ROOMS.lottery,
    lotteryRoom({
      ...roomDeps,
      failover: lotteryFailover,
      noticeMs: deps.startNoticeMs,
      revealEveryMs: deps.lotteryRevealEveryMs,
    }),
  );
  matchMaker.defineRoomType(ROOMS.lobby, lobbyRoom(deps));
  matchMaker.defineRoomType(ROOMS.player, playerRoom(deps)).filterBy(["userId"]);
  matchMaker
    .defineRoomType(STAFF_ROOM, staffRoom({ ...deps, feed: deps.staffFeed }))
    .filterBy(["userId"]);

  const transport = new SlicedPingTransport({ noServer: true });
  transport.attachToServer(app.server);
  batchWebsocketWrites(app.server);
  setTransport(transport);
  app.addHook("onRequest", matchmakingHook(redisReady));
  await matchMaker.accept();
  failover.start();
  lotteryFailover.start();

  return {
    notifications,
    roundRooms,
    lotteryRooms,
    redisReady,
    async stop() {
      await failover.stop();
      await lotteryFailover.stop();
      lotteryRooms.stop();
      await peers?.stop();
      // The matchmaker is one per process: a second platform in the same process (tests) shares
      // it, and whichever stops first shuts it down.
      await matchMaker.gracefullyShutdown().catch((error: unknown) => {
        if (error !== "already_shutting_down") throw error;
      });
      transport.shutdown();
    },
  };
}

/**
 * Leases on this process' rounds, and adoption of the rounds of dead processes. A holder is
 * alive when it answers Colyseus' health check over Redis (which also drops its stale room
 * listings when it does not); without Redis there is one process, so any other holder is gone.
 */
function roundFailover(deps: RealtimeDeps, rooms: RoundRooms, shared: boolean) {
  const leases = new RoundLeases(deps.pool, matchMaker.processId, deps.roundLeaseMs);
  return new RoundFailover({
    leases,
    recover: (round) => recoverRound(round, deps.registry, deps.games, rooms),
    isAlive: async (holder) => shared && (await matchMaker.healthCheckProcessId(holder)),
    log: deps.log,
    everyMs: Math.max(500, Math.floor(deps.roundLeaseMs / 4)),
  });
}

/**
 * The same for lotteries: every lottery not finished has a room in one process. A lottery
 * without a live lease (just after a restart, its process dead, or created before rooms
 * existed) gets its room here, resumed from the registry and its round's stream.
 */
function lotteryRoomFailover(deps: RealtimeDeps, rooms: LotteryRooms, shared: boolean) {
  const leases = new LotteryLeases(
    deps.pool,
    matchMaker.processId,
    deps.roundLeaseMs,
    deps.lotteryRevealEveryMs,
  );
  return new RoundFailover<LapsedLottery>({
    leases,
    recover: async (lottery) => {
      if (await rooms.isRunning(lottery.code)) return "running";
      try {
        await rooms.open(lottery);
        return "resumed";
      } catch (error) {
        // Drawn and revealed, or deleted, meanwhile: nothing to run.
        if (error instanceof ServerError && (error.code === 404 || error.code === 410))
          return "closed";
        throw error;
      }
    },
    isAlive: async (holder) => shared && (await matchMaker.healthCheckProcessId(holder)),
    log: deps.log,
    everyMs: Math.max(500, Math.floor(deps.roundLeaseMs / 4)),
  });
}

/**
 * Colyseus answers matchmaking failures with its own codes (520-525) as HTTP statuses: they go
 * out as the nearest real ones (a room or seat that is gone 404, a wrong or expired
 * reconnection token 403, a process that did not answer 503), each logged as a refusal. The SDK
 * reads the message from the body either way.
 */
const MATCHMAKE_STATUS: Record<number, number> = {
  [ErrorCode.MATCHMAKE_NO_HANDLER]: 404,
  [ErrorCode.MATCHMAKE_INVALID_CRITERIA]: 404,
  [ErrorCode.MATCHMAKE_INVALID_ROOM_ID]: 404,
  [ErrorCode.MATCHMAKE_UNHANDLED]: 503,
  [ErrorCode.MATCHMAKE_EXPIRED]: 403,
};

function answerWithHttpStatuses(request: FastifyRequest, response: ServerResponse) {
  const writeHead = response.writeHead.bind(response) as (
    status: number,
    ...rest: unknown[]
  ) => ServerResponse;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const mapped = MATCHMAKE_STATUS[status] ?? status;
    if (mapped >= 400)
      request.log.info(
        { statusCode: mapped, colyseusCode: status, url: request.url },
        "request refused",
      );
    response.statusCode = mapped;
    return writeHead(mapped, ...rest);
  }) as ServerResponse["writeHead"];
}

function matchmakingHook(redisReady: () => boolean) {
  const matchmaking = createNodeMatchmakingMiddleware();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith("/matchmake/")) return;
    const path = request.url.split("?")[0]!;
    if (request.raw.method === "POST" && !CLIENT_MATCHMAKING.test(path)) {
      return reply.code(403).send({ message: "Games are created through the API." });
    }
    // Matchmaking finds rooms through Redis: while it is away, say so now rather than wait.
    if (!redisReady()) throw new RedisUnavailableError();
    reply.hijack();
    answerWithHttpStatuses(request, reply.raw);
    await matchmaking(request.raw, reply.raw, () => {
      reply.raw.writeHead(404, { "content-type": "application/json" });
      reply.raw.end(JSON.stringify({ message: "Not found." }));
    });
  };
}

import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { Redis } from "ioredis";

/** The errors ioredis gives a command while Redis cannot be reached. */
const UNREACHABLE_MESSAGES = new Set([
  "Command timed out",
  "Connection is closed.",
  "Stream isn't writeable and enableOfflineQueue options is false",
]);

/**
 * Whether an error says Redis could not be reached in time (not that a command was wrong): one
 * of ioredis', or our own refusal of a request made while it is not connected.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === "MaxRetriesPerRequestError" || UNREACHABLE_MESSAGES.has(error.message);
}

/** Thrown before anything changes when a request needs Redis and Redis is not connected. */
export class RedisUnavailableError extends Error {
  override readonly name = "RedisUnavailableError";
  constructor() {
    super("Redis is not connected.");
  }
}

/** Colyseus' presence, with its subscriber connection in view (RedisPresence keeps it protected). */
class WatchedRedisPresence extends RedisPresence {
  get subscriber() {
    return this.sub as Redis;
  }
}

/**
 * Colyseus' driver, except that a room listing's update (a client joined or left) that fails
 * because Redis is away does not fail the room: Colyseus changes the listing in memory first and
 * writes all of it on every update, so the next write puts it right. Without this, a player
 * leaving a room during an outage was never let go (the room closes the socket only after the
 * update). Creating a listing (a new room) still fails: that is refused as a whole.
 */
class ListingDriver extends RedisDriver {
  constructor(client: Redis) {
    super(client);
    forgetFailedReads(this as unknown as RoomCacheReads);
  }

  override async update(...args: Parameters<RedisDriver["update"]>) {
    try {
      return await super.update(...args);
    } catch (error) {
      if (isRedisUnavailable(error)) return false;
      throw error;
    }
  }
}

/** The driver's shared read of every room listing (private in its types). */
interface RoomCacheReads {
  getRooms(roomName?: string): Promise<unknown>;
  _concurrentRoomCacheRequest?: Promise<unknown>;
  _roomCacheRequestByName: Record<string, Promise<unknown> | undefined>;
}

/**
 * RedisDriver shares one read of the room listings among concurrent queries and forgets it once
 * it succeeds, but keeps one that failed: after a single read timed out during an outage every
 * later query (a lobby or a player channel to join, a room to find) got that same failure,
 * for ever. A failed read is forgotten here, so the next query reads again.
 */
function forgetFailedReads(driver: RoomCacheReads) {
  const getRooms = driver.getRooms.bind(driver);
  driver.getRooms = (roomName?: string) => {
    const read = getRooms(roomName);
    read.catch(() => {
      delete driver._roomCacheRequestByName[String(roomName)];
      driver._concurrentRoomCacheRequest = undefined;
    });
    return read;
  };
}

/**
 * The Redis connections of a process (Colyseus' presence: one to publish and command, one to
 * subscribe; its driver: one for the room listings), made so that an outage answers fast and
 * quietly:
 * - every command gives up after `timeoutMs` (ioredis' `commandTimeout`, queued ones included)
 *   instead of waiting for Redis to come back;
 * - every connection has an error handler: an outage is logged once when it starts and once
 *   when it ends, not as ioredis' "Unhandled error event" on every reconnection attempt;
 * - `ready()` tells callers at once whether to try, so a request that needs Redis during an
 *   outage is refused before it changes anything.
 * Colyseus calls many commands without awaiting them (its stats, its room listings): while Redis
 * is away those reject, and `ignoreOutageRejections` keeps them from ending the process.
 */
export class RedisConnections {
  readonly presence: WatchedRedisPresence;
  readonly driver: RedisDriver;
  private readonly connections: Redis[];
  private down = false;

  constructor(
    url: string,
    private readonly options: { timeoutMs: number; log: (message: string) => void },
  ) {
    const main = new Redis(url, { commandTimeout: options.timeoutMs });
    const listings = new Redis(url, { commandTimeout: options.timeoutMs });
    this.watch(main);
    this.watch(listings);
    this.presence = new WatchedRedisPresence(main);
    this.watch(this.presence.subscriber);
    this.driver = new ListingDriver(listings);
    this.connections = [main, this.presence.subscriber, listings];
  }

  /** Whether every connection is up (a request needing Redis may go ahead). */
  ready(): boolean {
    return this.connections.every((connection) => connection.status === "ready");
  }

  private watch(connection: Redis) {
    connection.on("error", (error: Error & { code?: string }) => {
      if (this.down) return;
      this.down = true;
      this.options.log(
        `Redis unreachable (${error.code ?? error.message}); requests that need it are answered 503 until it is back.`,
      );
    });
    connection.on("ready", () => {
      if (!this.down || !this.ready()) return;
      this.down = false;
      this.options.log("Redis connection restored.");
    });
  }
}

let ignoring = false;

/**
 * A rejection nobody awaited that only says Redis was away (see RedisConnections) is logged, not
 * fatal; any other unhandled rejection still ends the process, as Node does by default.
 */
export function ignoreOutageRejections(log: (message: string) => void) {
  if (ignoring) return;
  ignoring = true;
  let last = 0;
  process.on("unhandledRejection", (reason) => {
    if (!isRedisUnavailable(reason)) throw reason;
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    log(`A Redis command was dropped while Redis was unreachable: ${(reason as Error).message}`);
  });
}

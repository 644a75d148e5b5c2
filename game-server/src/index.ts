/**
 * The game server's face: what tools outside it (test-support, other packages) may use to start
 * it, prepare its database and make the records it keeps. Inside game-server, code imports its
 * modules directly; from outside, only `@igp/game-server` (the dependency rules hold to this).
 */

export { type Config, loadConfig } from "./config/config.ts";
export { createDatabase, dropDatabase } from "./database/create-database.ts";
export { startEmbeddedPostgres } from "./database/embedded-postgres.ts";
export { migrateUp } from "./database/migrate.ts";
export type { RateLimits } from "./http/rate-limits.ts";
export { linkedAccountsOf } from "./linked-accounts/linked-groups.ts";
export type { Platform } from "./platform.ts";
export { createImageStore, type ImageStore } from "./uploads/image-store.ts";
export { RequestCodes } from "./wallet/request-codes.ts";

type StartPlatform = typeof import("./platform.ts").startPlatform;

/**
 * Starts the whole server (platform.ts). Its modules load on the first call, so that a tool
 * needing only the database (the test run's global setup, a ledger test) does not wait for them.
 */
export async function startPlatform(...args: Parameters<StartPlatform>): ReturnType<StartPlatform> {
  const platform = await import("./platform.ts");
  return platform.startPlatform(...args);
}

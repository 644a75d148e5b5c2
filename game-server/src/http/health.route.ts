import type { EventStore } from "@igp/ledger";
import type { FastifyInstance } from "fastify";
import type pg from "pg";

export interface HealthDependencies {
  pool: pg.Pool;
  store: EventStore;
  workersActive: () => boolean;
  /** Redis, when the process uses it (REDIS_URL). */
  redis: { ready(): boolean } | null;
}

/**
 * GET /api/health: whether the database and the event store answer; 503 when one does not.
 * Redis is reported but does not make the process unhealthy: without it the process still
 * serves everything but opening rooms and reaching other processes' rooms.
 */
export async function healthRoute(app: FastifyInstance, deps: HealthDependencies) {
  app.get("/api/health", async (_request, reply) => {
    const [database, eventStore] = await Promise.all([
      probe(() => deps.pool.query("SELECT 1")),
      probe(() => deps.store.readAll({ maxCount: 1 })),
    ]);
    const ok = database === "up" && eventStore === "up";
    return reply.code(ok ? 200 : 503).send({
      status: ok ? "ok" : "unavailable",
      database: { status: database },
      eventStore: { kind: deps.store.name, status: eventStore },
      workers: deps.workersActive() ? "running" : "standby",
      ...(deps.redis && { redis: { status: deps.redis.ready() ? "up" : "down" } }),
    });
  });
}

async function probe(check: () => Promise<unknown>): Promise<"up" | "down"> {
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2_000)),
    ]);
    return "up";
  } catch {
    return "down";
  }
}

import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics at /metrics: the process's own (memory, event loop lag, GC) and every HTTP
 * request's duration by method, route and status.
 */
export const metrics = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request duration by method, route and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      duration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.get("/metrics", { schema: { hide: true } }, async (_request, reply) =>
      reply.header("content-type", registry.contentType).send(await registry.metrics()),
    );
  },
  { name: "metrics" },
);

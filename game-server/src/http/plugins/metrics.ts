import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import { unauthorized } from "../http-error.ts";

export const METRICS_TOKEN_REQUIRED = "A valid metrics token is required.";

/**
 * Prometheus metrics at /metrics: the process's own (memory, event loop lag, GC) and every HTTP
 * request's duration by method, route and status. With a token, only scrapers bearing it read them.
 */
export const metrics = fp(
  async (app: FastifyInstance, { token }: { token: string | undefined }) => {
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
    const onRequest = async (request: FastifyRequest) => {
      if (token && !bearsToken(request, token)) {
        request.log.warn("metrics refused: missing or wrong token");
        throw unauthorized(METRICS_TOKEN_REQUIRED);
      }
    };
    app.get("/metrics", { schema: { hide: true }, onRequest }, async (_request, reply) =>
      reply
        .header("content-type", registry.contentType)
        .header("cache-control", "no-store")
        .send(await registry.metrics()),
    );
  },
  { name: "metrics" },
);

function bearsToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(
    /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "",
  );
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import Fastify, { type FastifyError, type FastifyServerOptions } from "fastify";
import { type HealthDependencies, healthRoute } from "./health.route.ts";

export type AppDependencies = HealthDependencies;

/** The HTTP application: plugins, then routes, each given what it depends on. */
export async function buildApp(deps: AppDependencies, options: FastifyServerOptions = {}) {
  const app = Fastify({ genReqId: () => crypto.randomUUID(), ...options });
  // One error handler: 4xx keep their message, 5xx details stay in the log.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    reply.code(status).send({ message: status >= 500 ? "Internal server error." : error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Not found." }));
  await app.register(healthRoute, deps);
  return app;
}

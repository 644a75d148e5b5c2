import { comparePositions, type EventStore } from "@igp/ledger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ProjectionsProgress } from "../../workers/projections-progress.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route writes to the ledger and its answer waits until the read models hold the write,
     * so any list read after it shows it (read-your-writes).
     */
    freshReads?: boolean;
  }
}

/** The latest position this process appended at: what a fresh read must wait for. */
export interface AppendWatermark {
  latest(): string | null;
}

/** The store as it is, noting the position of every append this process makes. */
export function watchAppends(store: EventStore): { store: EventStore; watermark: AppendWatermark } {
  let latest: string | null = null;
  const note = (position: string) => {
    if (!latest || comparePositions(position, latest) > 0) latest = position;
  };
  const watched: EventStore = {
    ...store,
    async append(streamId, events, expected) {
      const result = await store.append(streamId, events, expected);
      note(result.position);
      return result;
    },
    // A stake, a ticket crowd, a deposit request with its count: several streams in one append.
    async appendMany(appends) {
      const results = await store.appendMany(appends);
      for (const result of results) note(result.position);
      return results;
    },
  };
  return { store: watched, watermark: { latest: () => latest } };
}

/**
 * Holds back the answer of a `freshReads` route until the projections' checkpoint has passed
 * every position this process had appended at by then (the runner may be in another process:
 * the checkpoint is read from PostgreSQL). Refusals leave at once: they wrote nothing.
 */
export const freshReads = fp(
  async (
    app: FastifyInstance,
    deps: { progress: ProjectionsProgress; watermark: AppendWatermark },
  ) => {
    app.addHook("onSend", async (request, reply, payload) => {
      if (!request.routeOptions.config?.freshReads || reply.statusCode >= 400) return payload;
      const target = deps.watermark.latest();
      if (target && !(await deps.progress.reach(target))) {
        request.log.warn({ target }, "read models still behind this write");
      }
      return payload;
    });
  },
);

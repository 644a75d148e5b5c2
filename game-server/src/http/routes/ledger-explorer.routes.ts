import {
  type EventStore,
  type JsonObject,
  kindOfStream,
  parseLedgerEvent,
  parseStreamId,
  type RecordedEvent,
} from "@igp/ledger";
import {
  LEDGER_EXPLORER_MESSAGES,
  ledgerBalanceQuerySchema,
  ledgerBalanceSchema,
  ledgerEventsPageSchema,
  ledgerEventsQuerySchema,
  ledgerStreamsPageSchema,
  ledgerStreamsQuerySchema,
  minorToMajor,
  streamIdSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { maskText, seesPersonalData } from "../../security/personal-data-mask.ts";
import { PAGE_SIZE, totalPages } from "../../wallet/paged-query.ts";
import { badRequest, notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";

const NOTE =
  "The ledger explorer (docs/ledger.md, the explorer): superAdmin and auditor; every auditor's read is recorded in the staff activity log.";

/** Reads a whole stream (up to `upTo`, a revision) through the event store port, page by page. */
async function readUpTo(store: EventStore, streamId: string, upTo = Number.MAX_SAFE_INTEGER) {
  const events: RecordedEvent[] = [];
  for (let from = 0; from <= upTo; ) {
    const page = await store.readStream(streamId, {
      fromRevision: from,
      maxCount: Math.min(1_000, upTo - from + 1),
    });
    events.push(...page);
    if (page.length === 0 || page.length < Math.min(1_000, upTo - from + 1)) break;
    from = page.at(-1)!.revision + 1;
  }
  return events;
}

/** The ledger explorer: streams by kind, a stream's events and hashes, balance as of a moment. */
export async function ledgerExplorerRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; store: EventStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = app.requireRole("superAdmin", "auditor");
  const tags = ["ledger explorer"];
  const security = [{ bearer: [] }];

  api.get(
    "/api/admin/ledger/streams",
    {
      schema: {
        tags,
        summary: "Streams of one kind, the latest written first, with their head hash",
        description: `${NOTE} \`search\` narrows to ids starting with it. A wallet's or agent's owner is named (masked for an auditor without personal data). Read from PostgreSQL's event table (ledger_events), 20 per page.`,
        security,
        querystring: ledgerStreamsQuerySchema,
        response: { 200: ledgerStreamsPageSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const { kind, search, page } = request.query;
      const streamKind = kind === "lottery" ? "round" : kind;
      const prefix = `${streamKind}-${(search ?? "").toLowerCase()}`.replace(/[\\%_]/g, "\\$&");
      const { rows } = await deps.pool.query<{
        stream_id: string;
        revision: string;
        hash: string;
        recorded_at: Date;
        full_name: string | null;
        game: string | null;
        total: string;
      }>(
        `WITH heads AS (
           SELECT DISTINCT ON (stream_id) stream_id, revision, hash, recorded_at, global_position
             FROM ledger_events WHERE stream_id LIKE $1
            ORDER BY stream_id, revision DESC)
         SELECT h.stream_id, h.revision, h.hash, h.recorded_at, u.full_name, f.data ->> 'game' AS game,
                count(*) OVER () AS total
           FROM heads h
           LEFT JOIN users u ON u.id::text = substring(h.stream_id FROM position('-' IN h.stream_id) + 1)
           LEFT JOIN ledger_events f ON f.stream_id = h.stream_id AND f.revision = 0
                                    AND f.type = 'RoundOpened'
          WHERE NOT $4 OR f.data ->> 'game' = 'lottery'
          ORDER BY h.global_position DESC LIMIT $2 OFFSET $3`,
        [`${prefix}%`, PAGE_SIZE, (page - 1) * PAGE_SIZE, kind === "lottery"],
      );
      const masked = !seesPersonalData(request.user);
      const owns = streamKind === "wallet" || streamKind === "agent";
      return {
        streams: rows.map((row) => ({
          streamId: row.stream_id,
          kind: streamKind,
          events: Number(row.revision) + 1,
          headHash: row.hash,
          lastAt: row.recorded_at.toISOString(),
          game: row.game,
          owner: owns
            ? {
                id: parseStreamId(row.stream_id).id,
                fullName:
                  row.full_name === null ? null : masked ? maskText(row.full_name) : row.full_name,
              }
            : null,
        })),
        currentPage: page,
        totalPages: totalPages(Number(rows[0]?.total ?? 0)),
      };
    },
  );

  api.get(
    "/api/admin/ledger/streams/:streamId/events",
    {
      schema: {
        tags,
        summary: "A stream's events with their hash chain links, from a revision on",
        description: `${NOTE} Each event as stored: id, type, data, metadata (the hashed content), its prevHash and hash, so a reader can recompute hash = SHA-256(prevHash "\\n" streamId "\\n" revision "\\n" canonical JSON of {id, type, data, metadata}) (docs/ledger.md). Shown unmasked: the hash covers it, and events hold ids, not names or phones. At most 100 per page; \`next\` is the next page's \`from\`.`,
        security,
        params: z.object({ streamId: streamIdSchema }),
        querystring: ledgerEventsQuerySchema,
        response: { 200: ledgerEventsPageSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const { streamId } = request.params;
      const { from, limit } = request.query;
      const kind = parseStreamId(streamId).kind;
      const [events, head] = await Promise.all([
        deps.store.readStream(streamId, { fromRevision: from, maxCount: limit + 1 }),
        deps.pool.query<{ revision: string }>(
          "SELECT revision FROM ledger_events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1",
          [streamId],
        ),
      ]);
      if (!head.rows[0]) throw notFound(LEDGER_EXPLORER_MESSAGES.notStream);
      const shown = events.slice(0, limit);
      return {
        streamId,
        kind,
        events: shown.map((event) => ({
          revision: event.revision,
          id: event.id,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          recordedAt: event.recordedAt.toISOString(),
          prevHash: event.prevHash,
          hash: event.hash,
        })),
        next: events.length > limit ? shown.at(-1)!.revision + 1 : null,
        total: Number(head.rows[0].revision) + 1,
      };
    },
  );

  api.get(
    "/api/admin/ledger/balance",
    {
      schema: {
        tags,
        summary: "A wallet's or an agent's balance as of an event or a moment, replayed",
        description: `${NOTE} Replays the stream from its first event through the ledger's own fold, up to \`revision\` (included) or to the last event recorded at or before \`at\`; neither: the whole stream. Answers the last event replayed and its hash, and the balances in ETB.`,
        security,
        querystring: ledgerBalanceQuerySchema,
        response: { 200: ledgerBalanceSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const { stream, revision, at } = request.query;
      const kind = parseStreamId(stream).kind;
      if (kind !== "wallet" && kind !== "agent")
        throw badRequest(LEDGER_EXPLORER_MESSAGES.noBalance);
      let events = await readUpTo(deps.store, stream, revision);
      if (events.length === 0) throw notFound(LEDGER_EXPLORER_MESSAGES.notStream);
      if (at !== undefined) {
        const moment = new Date(at).getTime();
        events = events.filter((event) => event.recordedAt.getTime() <= moment);
      }
      const fold = kindOfStream(stream);
      const state = events.reduce(
        (s, event) => fold.evolve(s, parseLedgerEvent(stream, event.type, event.data)),
        fold.initial(),
      ) as JsonObject;
      const last = events.at(-1);
      const balances = Object.fromEntries(
        Object.entries(state)
          .filter(([, value]) => typeof value === "number")
          .map(([key, value]) => [key, minorToMajor(value as number)]),
      );
      return {
        streamId: stream,
        kind,
        revision: last?.revision ?? null,
        recordedAt: last?.recordedAt.toISOString() ?? null,
        hash: last?.hash ?? null,
        balances,
      };
    },
  );
}

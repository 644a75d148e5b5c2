import {
  comparePositions,
  type EventStore,
  eventAsJson,
  type JsonObject,
  kindOfStream,
  parseLedgerEvent,
  parseStreamId,
  type StreamHead,
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

/** Events read at a time when a balance is replayed: the fold keeps only the state. */
const REPLAY_PAGE = 1_000;

/** A wallet's or agent's state folded from its first event up to a revision or a moment. */
async function replayBalance(
  store: EventStore,
  streamId: string,
  upTo: { revision?: number; until?: Date },
) {
  const fold = kindOfStream(streamId);
  let state = fold.initial();
  let last: { revision: number; recordedAt: Date; hash: string } | null = null;
  const through = upTo.revision ?? Number.MAX_SAFE_INTEGER;
  for (let from = 0; from <= through; ) {
    const maxCount = Math.min(REPLAY_PAGE, through - from + 1);
    const page = await store.readStream(streamId, {
      fromRevision: from,
      maxCount,
      recordedUntil: upTo.until,
    });
    for (const event of page) {
      state = fold.evolve(state, parseLedgerEvent(streamId, event.type, event.data));
      last = event;
    }
    if (page.length < maxCount) break;
    from = page.at(-1)!.revision + 1;
  }
  return { state: state as JsonObject, last };
}

/** The lotteries' round streams (few: one per lottery), the latest written first. */
async function lotteryHeads(pool: pg.Pool, store: EventStore, search: string) {
  const { rows } = await pool.query<{ round_id: string }>(
    "SELECT round_id::text FROM lotteries WHERE round_id::text LIKE $1",
    [`${search.replace(/[\\%_]/g, "\\$&")}%`],
  );
  const heads = await Promise.all(rows.map((row) => store.streamHead(`round-${row.round_id}`)));
  return heads
    .filter((head): head is StreamHead => head !== null)
    .sort((a, b) => comparePositions(b.position, a.position));
}

/** The game of each round stream, from its first event (RoundOpened). */
async function gamesOf(store: EventStore, streamIds: string[]) {
  const firsts = await Promise.all(streamIds.map((id) => store.readStream(id, { maxCount: 1 })));
  return firsts.map(([first]) =>
    first?.type === "RoundOpened" && typeof first.data.game === "string" ? first.data.game : null,
  );
}

/** Account owners' names by id (users: players and agents). */
async function ownerNames(pool: pg.Pool, ids: string[]) {
  const { rows } = await pool.query<{ id: string; full_name: string | null }>(
    "SELECT id::text, full_name FROM users WHERE id::text = ANY ($1::text[])",
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.full_name]));
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
        description: `${NOTE} \`search\` narrows to ids starting with it. A wallet's or agent's owner is named (masked for an auditor without personal data). Read through the event store (PostgreSQL or KurrentDB), 20 per page; lotteries are the round streams of the lotteries table.`,
        security,
        querystring: ledgerStreamsQuerySchema,
        response: { 200: ledgerStreamsPageSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const { kind, search = "", page } = request.query;
      const streamKind = kind === "lottery" ? "round" : kind;
      const offset = (page - 1) * PAGE_SIZE;
      const { streams, total } =
        kind === "lottery"
          ? await lotteryHeads(deps.pool, deps.store, search.toLowerCase()).then((heads) => ({
              streams: heads.slice(offset, offset + PAGE_SIZE),
              total: heads.length,
            }))
          : await deps.store.listStreams({
              prefix: `${streamKind}-${search.toLowerCase()}`,
              offset,
              limit: PAGE_SIZE,
            });
      const ids = streams.map((head) => parseStreamId(head.streamId).id);
      const owns = streamKind === "wallet" || streamKind === "agent";
      const [games, names] = await Promise.all([
        streamKind === "round"
          ? gamesOf(
              deps.store,
              streams.map((head) => head.streamId),
            )
          : streams.map(() => null),
        owns ? ownerNames(deps.pool, ids) : new Map<string, string | null>(),
      ]);
      const masked = !seesPersonalData(request.user);
      return {
        streams: streams.map((head, index) => {
          const fullName = names.get(ids[index]!) ?? null;
          return {
            streamId: head.streamId,
            kind: streamKind,
            events: head.revision + 1,
            headHash: head.hash,
            lastAt: head.recordedAt.toISOString(),
            game: games[index] ?? null,
            owner: owns
              ? {
                  id: ids[index]!,
                  fullName: fullName === null ? null : masked ? maskText(fullName) : fullName,
                }
              : null,
          };
        }),
        currentPage: page,
        totalPages: totalPages(total),
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
        deps.store.streamHead(streamId),
      ]);
      if (!head) throw notFound(LEDGER_EXPLORER_MESSAGES.notStream);
      const shown = events.slice(0, limit);
      return {
        streamId,
        kind,
        events: shown.map(eventAsJson),
        next: events.length > limit ? shown.at(-1)!.revision + 1 : null,
        total: head.revision + 1,
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
      const head = await deps.store.streamHead(stream);
      if (!head) throw notFound(LEDGER_EXPLORER_MESSAGES.notStream);
      const { state, last } = await replayBalance(deps.store, stream, {
        revision,
        until: at === undefined ? undefined : new Date(at),
      });
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

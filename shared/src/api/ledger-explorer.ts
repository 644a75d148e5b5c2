import { z } from "zod";
import { daySchema, REPORT_MESSAGES } from "./reports.ts";
import { text } from "./text.ts";

/**
 * The ledger explorer (back office, superAdmin and auditor): streams by kind, a stream's events
 * with their hash chain links, a wallet's or agent's balance as of any moment.
 */
export const LEDGER_STREAM_KINDS = [
  "wallet",
  "agent",
  "deposit",
  "withdrawal",
  "charge",
  "round",
] as const;
export type LedgerStreamKind = (typeof LEDGER_STREAM_KINDS)[number];

/** What the explorer lists by: the ledger's kinds, and lotteries (the round streams of lotteries). */
export const EXPLORER_KINDS = [...LEDGER_STREAM_KINDS, "lottery"] as const;
export type ExplorerKind = (typeof EXPLORER_KINDS)[number];

/** Events per page of a stream (at most). */
export const LEDGER_EVENTS_PAGE = 100;

export const LEDGER_EXPLORER_MESSAGES = {
  notKind: "Unknown stream kind.",
  notStream: "Unknown stream.",
  noBalance: "Only a wallet or an agent has a balance.",
  badAt: "Give a revision or a time, not both.",
} as const;

const page = z.coerce
  .number({ error: "Page must be a number." })
  .int("Page must be a whole number.")
  .min(1, "Page must be at least 1.")
  .max(100_000, "Page is too large.")
  .default(1);

export const ledgerStreamsQuerySchema = z.object({
  kind: z.enum(EXPLORER_KINDS, { error: LEDGER_EXPLORER_MESSAGES.notKind }).default("wallet"),
  /** The start of the id after the kind (a player's id, a round's id). */
  search: text("Search")
    .trim()
    .max(64, "Search must be at most 64 characters.")
    .regex(/^[0-9a-f-]*$/i, "Search by the start of an id (letters a-f, digits, dashes).")
    .optional(),
  page,
});

export const streamIdSchema = z
  .string()
  .max(120)
  .regex(
    /^(wallet|agent|deposit|withdrawal|charge|round)-[0-9A-Za-z-]{1,100}$/,
    LEDGER_EXPLORER_MESSAGES.notStream,
  );

export const ledgerStreamSchema = z.object({
  streamId: z.string(),
  kind: z.enum(LEDGER_STREAM_KINDS),
  /** Events in the stream (its head's revision + 1). */
  events: z.number(),
  headHash: z.string(),
  lastAt: z.string(),
  /** A round's game (coin-flip, spin-wheel, lottery), from its first event. */
  game: z.string().nullable(),
  /** The wallet's player or the agent, when the stream belongs to an account. */
  owner: z.object({ id: z.string(), fullName: z.string().nullable() }).nullable(),
});

export const ledgerStreamsPageSchema = z.object({
  streams: z.array(ledgerStreamSchema),
  currentPage: z.number(),
  totalPages: z.number(),
});
export type LedgerStreamsPage = z.infer<typeof ledgerStreamsPageSchema>;

export const ledgerEventsQuerySchema = z.object({
  from: z.coerce
    .number({ error: "From must be a revision." })
    .int("From must be a whole number.")
    .min(0, "From must be at least 0.")
    .default(0),
  limit: z.coerce
    .number({ error: "Limit must be a number." })
    .int("Limit must be a whole number.")
    .min(1, "Limit must be at least 1.")
    .max(LEDGER_EVENTS_PAGE, `Limit is at most ${LEDGER_EVENTS_PAGE}.`)
    .default(LEDGER_EVENTS_PAGE),
});

const json = z.record(z.string(), z.unknown());

/**
 * One stored event, as stored, with its place in the ledger: the explorer's page and each line of
 * an export (docs/audit.md) are this. The browser and the verifier re-hash id, type, data and
 * metadata with streamId and revision, chained by prevHash.
 */
export const ledgerEventSchema = z.object({
  /** Global position, `major:minor`, in the order of the whole ledger. */
  position: z.string(),
  streamId: z.string(),
  revision: z.number(),
  id: z.string(),
  type: z.string(),
  data: json,
  metadata: json,
  recordedAt: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});
export type LedgerEventView = z.infer<typeof ledgerEventSchema>;

export const ledgerEventsPageSchema = z.object({
  streamId: z.string(),
  kind: z.enum(LEDGER_STREAM_KINDS),
  events: z.array(ledgerEventSchema),
  /** The revision of the next page, or null at the head. */
  next: z.number().nullable(),
  /** Events in the stream. */
  total: z.number(),
});
export type LedgerEventsPage = z.infer<typeof ledgerEventsPageSchema>;

export const ledgerBalanceQuerySchema = z
  .object({
    stream: streamIdSchema,
    /** Replay up to and including this revision. */
    revision: z.coerce
      .number({ error: "Revision must be a number." })
      .int("Revision must be a whole number.")
      .min(0, "Revision must be at least 0.")
      .optional(),
    /** Replay the events recorded at or before this moment (ISO 8601). */
    at: z.iso
      .datetime({ offset: true, error: "Time must be an ISO 8601 date and time." })
      .optional(),
  })
  .refine((q) => q.revision === undefined || q.at === undefined, {
    message: LEDGER_EXPLORER_MESSAGES.badAt,
    path: ["at"],
  });

export const ledgerBalanceSchema = z.object({
  streamId: z.string(),
  kind: z.enum(["wallet", "agent"]),
  /** The last event replayed (null: none yet at that moment, the balance is zero). */
  revision: z.number().nullable(),
  recordedAt: z.string().nullable(),
  /** Its hash: the replay is of the chain up to this link. */
  hash: z.string().nullable(),
  /** Major units: a wallet's main and bonus, an agent's float. */
  balances: z.record(z.string(), z.number()),
});
export type LedgerBalance = z.infer<typeof ledgerBalanceSchema>;

/**
 * The auditor's export button: the whole ledger, or the events recorded from `from` to `to`
 * (days in the operator's time zone, both included; either may be left open).
 */
export const ledgerExportQuerySchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: REPORT_MESSAGES.reversed,
    path: ["to"],
  });
export type LedgerExportQuery = z.infer<typeof ledgerExportQuerySchema>;

import {
  agentStatementsSchema,
  depositTickingQuerySchema,
  depositTickingSchema,
  gamesReportSchema,
  moneyReportSchema,
  playerStatementSchema,
  REPORT_MESSAGES,
  type ReportRange,
  reportRangeSchema,
  reportSettingsSchema,
  statementQuerySchema,
} from "@igp/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import {
  AGENTS_CSV_HEADER,
  agentStatementsQuery,
  agentsCsvLine,
  readAgentStatements,
} from "../../reports/agent-statements.ts";
import { csvStream } from "../../reports/csv.ts";
import {
  GAMES_CSV_HEADER,
  gamesCsvLine,
  gamesReportQuery,
  readGamesReport,
} from "../../reports/games-report.ts";
import {
  depositTickingQuery,
  MONEY_CSV_HEADER,
  moneyCsvLine,
  moneyReportQuery,
  readDepositTicking,
  readMoneyReport,
  TICKING_CSV_HEADER,
  tickingCsvLine,
} from "../../reports/money-report.ts";
import {
  FIRST,
  playerName,
  readStatement,
  STATEMENT_CSV_HEADER,
  statementCsvLine,
  statementQuery,
} from "../../reports/player-statement.ts";
import { inSnapshot, streamRows } from "../../reports/report-snapshot.ts";
import { readTimeZone, writeTimeZone } from "../../reports/time-zone-setting.ts";
import { maskText, PERSONAL_KEYS, seesPersonalData } from "../../security/personal-data-mask.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, uuidField } from "../schemas.ts";

const RANGE_NOTE =
  "`from` and `to` are days (YYYY-MM-DD, both included) in the operator's time zone (`GET /api/admin/reports/settings`); a reversed range or one over 366 days is refused (400). Read in one repeatable-read snapshot: every figure is of one moment. Also read by an auditor (read-only), players' names and phones masked unless the superAdmin granted it personal data.";
const CSV_NOTE =
  "Streamed as CSV (text/csv) from a server-side cursor inside one repeatable-read snapshot: large ranges are never held in memory, and the file is of one moment. A range with no rows answers the header line alone. An auditor without personal data gets players' names, phones and accounts masked.";
const csvResponse = {
  200: z.string().describe("CSV, one header line then one line per row"),
  ...errors,
};

/**
 * The operator's reports (superAdmin): games, money, one bank account's deposits to tick, agent
 * statements (an agent: its own), player statements (a player: its own, from the profile).
 * Each as JSON and as a streamed CSV export. An auditor reads them all (names masked unless
 * granted).
 */
export async function reportsRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireRole("superAdmin");
  // The reports themselves: an auditor reads them too (names masked unless granted).
  const readers = app.requireRole("superAdmin", "auditor");
  const tags = ["reports"];
  const security = [{ bearer: [] }];

  /** Sends a CSV export named `name`, its rows from one snapshot. */
  async function sendCsv<Row extends pg.QueryResultRow>(
    reply: FastifyReply,
    name: string,
    header: string[],
    query: { text: string; values: unknown[] },
    line: (row: Row) => (string | number | null)[],
  ) {
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}.csv"`);
    // An auditor without the grant gets the personal columns masked, as in the JSON answers.
    const masked = seesPersonalData(reply.request.user)
      ? line
      : (row: Row) =>
          line(row).map((value, i) =>
            PERSONAL_KEYS.has(header[i]!) && typeof value === "string" ? maskText(value) : value,
          );
    return reply.send(csvStream(header, streamRows<Row>(pool, query), masked));
  }

  api.get(
    "/api/admin/reports/settings",
    {
      schema: {
        tags,
        summary: "The operator's time zone, in which reports count their days (staff)",
        security,
        response: { 200: reportSettingsSchema, ...errors },
      },
      onRequest: app.requireRole("admin", "superAdmin", "auditor"),
    },
    async () => ({ timeZone: await readTimeZone(pool) }),
  );

  api.post(
    "/api/admin/reports/settings",
    {
      schema: {
        tags,
        summary: "Set the operator's time zone (an IANA name such as Africa/Addis_Ababa)",
        description: `Every report counts its days in it from then on: the games report's daily summaries are rebuilt in the same transaction (about a second for a year of rounds). Anything else is refused: "${REPORT_MESSAGES.notTimeZone}"`,
        security,
        body: reportSettingsSchema,
        response: { 200: reportSettingsSchema, ...errors },
      },
      onRequest: staff,
    },
    async (request) => {
      await writeTimeZone(pool, request.body.timeZone);
      return { timeZone: await readTimeZone(pool) };
    },
  );

  /**
   * A report over a day range (`/api/admin/reports/<name>`), as JSON and as a CSV export beside it
   * (`…/export`), both read in the operator's time zone; `scope` narrows it to who asks (an agent).
   */
  function rangeReport<Row extends pg.QueryResultRow, Scope>(report: {
    name: string;
    summary: string;
    description: string;
    response: z.ZodType;
    onRequest: typeof readers;
    scope: (user: { id: string; role: string }) => Scope;
    read: (db: pg.ClientBase, range: ReportRange, zone: string, scope: Scope) => Promise<unknown>;
    csv: {
      header: string[];
      query: (
        range: ReportRange,
        zone: string,
        scope: Scope,
      ) => { text: string; values: unknown[] };
      line: (row: Row) => (string | number | null)[];
    };
  }) {
    const { name, summary, description, onRequest, scope, read, csv } = report;
    api.get(
      `/api/admin/reports/${name}`,
      {
        schema: {
          tags,
          summary,
          description,
          security,
          querystring: reportRangeSchema,
          response: { 200: report.response, ...errors },
        },
        onRequest,
      },
      async (request) =>
        inSnapshot(pool, async (db) =>
          read(db, request.query, await readTimeZone(db), scope(request.user!)),
        ),
    );
    api.get(
      `/api/admin/reports/${name}/export`,
      {
        schema: {
          tags,
          summary: `${summary} (CSV)`,
          description: `${description} ${CSV_NOTE}`,
          security,
          produces: ["text/csv"],
          querystring: reportRangeSchema,
          response: csvResponse,
        },
        onRequest,
      },
      async (request, reply) => {
        const zone = await readTimeZone(pool);
        const query = csv.query(request.query, zone, scope(request.user!));
        return sendCsv(reply, fileName(name, request.query), csv.header, query, csv.line);
      },
    );
  }

  rangeReport({
    name: "games",
    summary:
      "Per day, game and table (or lottery, or private rounds): rounds, players, turnover, payouts, house cut, prizes, refunds, RTP %",
    description: `Rounds count on the day they closed (settled or cancelled). Read from daily summaries the projection keeps with the rounds. A table is named by its number and bet (tableBet), a lottery by its title. houseNet is the house's cut less lottery prizes; over a range, the total houseNet plus the money report's fees less its advances is the change of the house balance \`npm run audit\` prints. ${RANGE_NOTE}`,
    response: gamesReportSchema,
    onRequest: readers,
    scope: () => undefined,
    read: readGamesReport,
    csv: { header: GAMES_CSV_HEADER, query: gamesReportQuery, line: gamesCsvLine },
  });

  rangeReport({
    name: "money",
    summary:
      "Deposits and withdrawals per day and method (each bank account, each agent's cash): requested, approved, refused, amounts, fees, advances",
    description: `Requests count on the day asked (requested) and on the day decided (approved, refused). ${RANGE_NOTE}`,
    response: moneyReportSchema,
    onRequest: readers,
    scope: () => undefined,
    read: readMoneyReport,
    csv: { header: MONEY_CSV_HEADER, query: moneyReportQuery, line: moneyCsvLine },
  });

  const tickingSummary =
    "One bank account's deposits approved on one day, to tick against its statement: reference, amount, times, player";
  api.get(
    "/api/admin/reports/money/deposits",
    {
      schema: {
        tags,
        summary: tickingSummary,
        description:
          "`day` in the operator's time zone; `bankName` and `accountNumber` name the account as the money report's row does.",
        security,
        querystring: depositTickingQuerySchema,
        response: { 200: depositTickingSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) =>
      inSnapshot(pool, async (db) => readDepositTicking(db, request.query, await readTimeZone(db))),
  );
  api.get(
    "/api/admin/reports/money/deposits/export",
    {
      schema: {
        tags,
        summary: `${tickingSummary} (CSV)`,
        description: CSV_NOTE,
        security,
        produces: ["text/csv"],
        querystring: depositTickingQuerySchema,
        response: csvResponse,
      },
      onRequest: readers,
    },
    async (request, reply) => {
      const query = depositTickingQuery(request.query, await readTimeZone(pool));
      const name = `deposits-${request.query.bankName}-${request.query.day}`;
      return sendCsv(reply, safeName(name), TICKING_CSV_HEADER, query, tickingCsvLine);
    },
  );

  rangeReport({
    name: "agents",
    summary:
      "Agent statements: float at the start, charged, paid into deposits, withdrawals paid out, advances, float at the end",
    description: `A superAdmin reads every agent; an agent, its own statement. ${RANGE_NOTE}`,
    response: agentStatementsSchema,
    onRequest: app.requireRole("admin", "superAdmin", "auditor"),
    scope: (user) => (user.role === "admin" ? user.id : undefined),
    read: readAgentStatements,
    csv: { header: AGENTS_CSV_HEADER, query: agentStatementsQuery, line: agentsCsvLine },
  });

  const statementSummary =
    "A player's every money movement with the main and bonus balances after each, 200 a page";
  const statementDescription = `Movements in the wallet's order; \`after\` (a movement's revision, the previous page's \`next\`) pages on. ${RANGE_NOTE}`;
  const playerParams = z.object({ id: uuidField(REPORT_MESSAGES.notFound) });

  /** The player a staff statement is about, or a 404. */
  async function playerOf(db: pg.ClientBase, id: string) {
    const found = await playerName(db, id);
    if (!found) throw notFound(REPORT_MESSAGES.notFound);
    return { id, name: found.name };
  }

  api.get(
    "/api/admin/reports/players/:id/statement",
    {
      schema: {
        tags,
        summary: statementSummary,
        description: statementDescription,
        security,
        params: playerParams,
        querystring: statementQuerySchema,
        response: { 200: playerStatementSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const range = rangeOf(request.query);
      return inSnapshot(pool, async (db) =>
        readStatement(
          db,
          await playerOf(db, request.params.id),
          range,
          await readTimeZone(db),
          request.query.after,
        ),
      );
    },
  );
  api.get(
    "/api/admin/reports/players/:id/statement/export",
    {
      schema: {
        tags,
        summary: `${statementSummary} (CSV: every movement of the range)`,
        description: `${statementDescription} ${CSV_NOTE}`,
        security,
        produces: ["text/csv"],
        params: playerParams,
        querystring: reportRangeSchema,
        response: csvResponse,
      },
      onRequest: readers,
    },
    async (request, reply) => {
      if (!(await playerName(pool, request.params.id))) throw notFound(REPORT_MESSAGES.notFound);
      const query = statementQuery(
        request.params.id,
        request.query,
        await readTimeZone(pool),
        FIRST,
        null,
      );
      const name = fileName(`statement-${request.params.id.slice(0, 8)}`, request.query);
      return sendCsv(reply, name, STATEMENT_CSV_HEADER, query, statementCsvLine);
    },
  );

  api.get(
    "/api/user/statement",
    {
      schema: {
        tags,
        summary: `The signed-in player's statement: ${statementSummary}`,
        description: statementDescription,
        security,
        querystring: statementQuerySchema,
        response: { 200: playerStatementSchema, ...errors },
      },
      onRequest: app.requireRole("user"),
    },
    async (request) => {
      const range = rangeOf(request.query);
      const user = request.user!;
      return inSnapshot(pool, async (db) =>
        readStatement(
          db,
          { id: user.id, name: (await playerName(db, user.id))?.name ?? null },
          range,
          await readTimeZone(db),
          request.query.after,
        ),
      );
    },
  );
  api.get(
    "/api/user/statement/export",
    {
      schema: {
        tags,
        summary: "The signed-in player's statement as CSV (every movement of the range)",
        description: CSV_NOTE,
        security,
        produces: ["text/csv"],
        querystring: reportRangeSchema,
        response: csvResponse,
      },
      onRequest: app.requireRole("user"),
    },
    async (request, reply) => {
      const query = statementQuery(
        request.user!.id,
        request.query,
        await readTimeZone(pool),
        FIRST,
        null,
      );
      return sendCsv(
        reply,
        fileName("statement", request.query),
        STATEMENT_CSV_HEADER,
        query,
        statementCsvLine,
      );
    },
  );
}

/** A statement query's range (its schema has checked it as a report range). */
const rangeOf = ({ from, to }: { from: string; to: string }): ReportRange => ({ from, to });

const fileName = (what: string, { from, to }: ReportRange) => `${what}-${from}-to-${to}`;
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 120);

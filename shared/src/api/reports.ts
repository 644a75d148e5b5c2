import { z } from "zod";
import { GAME_TYPES } from "../constants.ts";
import { text } from "./text.ts";

/**
 * The operator's reports: games, money, agent statements and player statements, over a range
 * of days in the operator's time zone. Amounts are major units, as everywhere on the wire.
 */

/** The operator's time zone when none is set. */
export const DEFAULT_TIME_ZONE = "Africa/Addis_Ababa";
/** The longest range one report covers (a year, leap day included). */
export const MAX_REPORT_DAYS = 366;
/** Rows of a statement or a list per page (a CSV export has them all). */
export const REPORT_PAGE_SIZE = 200;

export const REPORT_MESSAGES = {
  notTimeZone: "Time zone must be an IANA time zone such as Africa/Addis_Ababa.",
  notDay: "Dates must be written YYYY-MM-DD.",
  reversed: "The start date must not be after the end date.",
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter range.`,
  notFound: "Player not found.",
} as const;

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = text("Time zone", { required: REPORT_MESSAGES.notTimeZone })
  .trim()
  .refine(isTimeZone, REPORT_MESSAGES.notTimeZone);

export const reportSettingsSchema = z.object({ timeZone: timeZoneSchema });
export type ReportSettings = z.infer<typeof reportSettingsSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD, that exists. */
export const daySchema = text("Date", { required: REPORT_MESSAGES.notDay }).refine((value) => {
  // A day that does not exist (2026-13-01) is an invalid Date, whose toISOString throws.
  const date = new Date(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, REPORT_MESSAGES.notDay);

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** Refuses a reversed range, or one over MAX_REPORT_DAYS, at `to`. */
export function checkRange({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (!DAY.test(from) || !DAY.test(to)) return;
  const days = daysBetween(from, to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.reversed });
  else if (days > MAX_REPORT_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.tooLong });
}

/** A range of days, both included, in order and at most MAX_REPORT_DAYS long. */
export const reportRangeSchema = z
  .object({ from: daySchema, to: daySchema })
  .superRefine(checkRange);
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** A statement's page: the range, and the last movement of the previous page (its revision). */
export const statementQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    after: z.coerce
      .number({ error: "After must be a number." })
      .int("After must be a whole number.")
      .min(0, "After must not be negative.")
      .max(Number.MAX_SAFE_INTEGER, "After is too large.")
      .optional(),
  })
  .superRefine(checkRange);

/** One bank account's approved deposits of one day, to tick against its statement. */
export const depositTickingQuerySchema = z.object({
  day: daySchema,
  bankName: text("Bank name").trim().min(1, "Bank name is required.").max(200),
});

const money = z.number().describe("Major units");

/** The money of a set of rounds closed (settled or cancelled) in a period. */
export const gameFiguresSchema = z.object({
  rounds: z.number().describe("Rounds settled"),
  cancelled: z.number().describe("Rounds cancelled (stakes refunded)"),
  players: z.number().describe("Distinct players of those rounds"),
  seats: z.number().describe("Stakes held: seats taken or lottery tickets"),
  stakes: money.describe("Turnover: every stake held by the rounds"),
  payouts: money.describe("Paid to winners from the pots"),
  houseCut: money.describe("The house's cut of the pots (a lottery: its ticket sales)"),
  prizes: money.describe("Lottery prizes paid by the house"),
  refunds: money.describe("Stakes given back by cancelled rounds"),
  houseNet: money.describe("The house's result: its cut less the prizes it paid"),
  rtpPercent: z
    .number()
    .nullable()
    .describe("Return to player: payouts and prizes over stakes played (not refunded), in %"),
});

export const gamesReportRowSchema = gameFiguresSchema.extend({
  day: z.string(),
  game: z.enum(GAME_TYPES),
  venue: z.string().describe("table-<id>, lottery-<code> or private"),
  title: z.string().nullable().describe("A lottery's title"),
  tableBet: money.nullable().describe("A table's bet, which names it with its number"),
});
export type GamesReportRow = z.infer<typeof gamesReportRowSchema>;

export const gamesReportSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(gamesReportRowSchema),
  games: z.array(gameFiguresSchema.extend({ game: z.enum(GAME_TYPES) })),
  total: gameFiguresSchema,
});
export type GamesReport = z.infer<typeof gamesReportSchema>;

export const moneyReportRowSchema = z.object({
  day: z.string(),
  flow: z.enum(["deposit", "withdrawal"]),
  method: z.enum(["bank", "agent"]),
  bankName: z.string().nullable().describe("The bank or withdraw method"),
  accountNumber: z
    .string()
    .nullable()
    .describe("Bank deposits: the operator's account of that bank (its number today)"),
  agentId: z.string().nullable().describe("Agent cash: the agent who decided"),
  agentName: z.string().nullable(),
  requested: z.number(),
  requestedAmount: money,
  approved: z.number(),
  approvedAmount: money,
  refused: z.number(),
  refusedAmount: money,
  fees: money.describe("Withdrawal fees kept by the house"),
  advances: money.describe("Advances paid to agents on withdrawals they paid out"),
});
export type MoneyReportRow = z.infer<typeof moneyReportRowSchema>;

export const moneyReportSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(moneyReportRowSchema),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

export const depositTickSchema = z.object({
  id: z.string(),
  reference: z.string().nullable().describe("The transaction id the player gave"),
  fromAccount: z.string().nullable().describe("The account the player says it paid from"),
  amount: money,
  requestedAt: z.string(),
  approvedAt: z.string(),
  playerName: z.string().nullable(),
  playerPhone: z.string().nullable(),
});
export const depositTickingSchema = z.object({
  timeZone: z.string(),
  day: z.string(),
  bankName: z.string(),
  count: z.number(),
  total: money,
  deposits: z.array(depositTickSchema),
});
export type DepositTicking = z.infer<typeof depositTickingSchema>;

export const agentStatementSchema = z.object({
  agentId: z.string(),
  agentName: z.string().nullable(),
  opening: money.describe("Float at the start of the period"),
  charged: money.describe("Float bought with approved charges"),
  depositsCredited: money.describe("Paid from the float to players' deposits (net of returns)"),
  withdrawalsPaid: money.describe("Withdrawals the agent paid out in cash, credited to its float"),
  advances: money.describe("Advances earned, from the house"),
  closing: money.describe("Float at the end of the period"),
});
export type AgentStatement = z.infer<typeof agentStatementSchema>;
export const agentStatementsSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  agents: z.array(agentStatementSchema),
});
export type AgentStatements = z.infer<typeof agentStatementsSchema>;

export const MOVEMENT_KINDS = [
  "deposit",
  "agentDeposit",
  "bonus",
  "stake",
  "stakeReturned",
  "stakeRefund",
  "payout",
  "prize",
  "withdrawal",
  "withdrawalReleased",
] as const;

export const statementMovementSchema = z.object({
  revision: z.number().describe("The movement's place in the wallet: the next page's `after`"),
  at: z.string(),
  kind: z.string().describe(`One of ${MOVEMENT_KINDS.join(", ")}`),
  main: money,
  bonus: money,
  mainBalance: money.describe("Main balance after the movement"),
  bonusBalance: money.describe("Bonus balance after the movement"),
  reference: z.string().nullable(),
});
export type StatementMovement = z.infer<typeof statementMovementSchema>;

export const playerStatementSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  playerId: z.string(),
  playerName: z.string().nullable(),
  opening: z.object({ main: money, bonus: money }),
  movements: z.array(statementMovementSchema),
  /** The `after` of the next page, or null when this is the last. */
  next: z.number().nullable(),
});
export type PlayerStatement = z.infer<typeof playerStatementSchema>;

import { z } from "zod";
import { checkRange, daySchema } from "./reports.ts";

/**
 * The staff activity log (superAdmin): every staff action, from the ledger's events (money and
 * request decisions) and from the staff_actions table (changes to accounts, settings, banks,
 * social links, games). Amounts are major units, as everywhere on the wire.
 */
export const STAFF_ACTIONS = [
  "deposit.approve",
  "deposit.refuse",
  "withdrawal.approve",
  "withdrawal.refuse",
  "charge.request",
  "charge.approve",
  "charge.refuse",
  "bonus.grant",
  "lottery.create",
  "lottery.move_end",
  "lottery.finish",
  "lottery.delete",
  "account.block",
  "account.unblock",
  "agent.create",
  "password.reset",
  "two_factor.reset",
  "settings.change",
  "bank.create",
  "bank.status",
  "bank.delete",
  "social.create",
  "social.status",
  "social.delete",
  "game.create",
  "game.delete",
  "auditor.create",
  "auditor.personal_data",
  // An auditor's own requests (auditor_access): every read answered, every refusal.
  "auditor.read",
  "auditor.refused",
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const STAFF_ACTIVITY_MESSAGES = {
  notAction: "Unknown action.",
  notStaff: "Staff member must be an account id.",
} as const;

/** Rows of the log per page (the CSV export has them all). */
export const STAFF_ACTIVITY_PAGE_SIZE = 50;

const filters = {
  from: daySchema,
  to: daySchema,
  staffId: z.uuid({ error: STAFF_ACTIVITY_MESSAGES.notStaff }).optional(),
  action: z.enum(STAFF_ACTIONS, { error: STAFF_ACTIVITY_MESSAGES.notAction }).optional(),
};

/** The log's filters: a range of days (operator's time zone), a staff member, an action. */
export const staffActivityQuerySchema = z
  .object({
    ...filters,
    page: z.coerce
      .number({ error: "Page must be a number." })
      .int("Page must be a whole number.")
      .min(1, "Page must be at least 1.")
      .max(100_000, "Page is too large.")
      .default(1),
  })
  .superRefine(checkRange);
export type StaffActivityQuery = z.infer<typeof staffActivityQuerySchema>;

export const staffActivityExportQuerySchema = z.object(filters).superRefine(checkRange);
export type StaffActivityExportQuery = z.infer<typeof staffActivityExportQuerySchema>;

export const staffActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.object({ id: z.string(), name: z.string().nullable(), role: z.string() }),
  action: z.enum(STAFF_ACTIONS),
  /** Major units; null when the action moves no money. */
  amount: z.number().nullable(),
  target: z.object({ kind: z.string(), id: z.string() }),
  player: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
  /** Where the row comes from: a ledger event or the staff_actions table. */
  source: z.enum(["ledger", "table", "access"]),
});
export type StaffActivityEntry = z.infer<typeof staffActivityEntrySchema>;

export const staffActivityPageSchema = z.object({
  entries: z.array(staffActivityEntrySchema),
  currentPage: z.number(),
  totalPages: z.number(),
  /** Every staff account, for the staff filter. */
  staff: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
});
export type StaffActivityPage = z.infer<typeof staffActivityPageSchema>;

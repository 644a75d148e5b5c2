import { z } from "zod";
import { MAX_AMOUNT_MINOR, MINOR_UNITS_PER_MAJOR, majorToMinor } from "../money.ts";
import { AGENT_WITHDRAW_METHOD } from "../words.ts";
import { text } from "./text.ts";

export const MIN_DEPOSIT_MINOR = 50 * MINOR_UNITS_PER_MAJOR;
/** The spec's "minimum withdrawal input 1". */
export const MIN_WITHDRAWAL_MINOR = 1 * MINOR_UNITS_PER_MAJOR;
export const MIN_CHARGE_MINOR = 50 * MINOR_UNITS_PER_MAJOR;
export const PAGE_INVALID = "Page must be a whole number from 1.";

export const AMOUNT_REQUIRED = "Amount is required.";
export const AMOUNT_NOT_A_NUMBER = "Amount must be a number.";
export const AMOUNT_INVALID = "Amount must be a positive number with at most 2 decimals.";
/** A number as typed: digits, with a sign and a decimal part when given. */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A wire amount (major units, at most 2 decimals; a number, or numeric text from a form) in
 * minor units, at least `minimumMinor`. Each way to get it wrong has its own sentence: missing,
 * not a number, negative or with more decimals, below the minimum (`tooSmall`); or one sentence
 * for all of them (`invalid`), where a spec gives one.
 */
export function amountField(minimumMinor: number, tooSmall: string, { invalid = "" } = {}) {
  return z
    .union([z.number(), text("Amount")], { error: invalid || AMOUNT_REQUIRED })
    .transform((typed, ctx) => {
      const problem = (message: string) => {
        ctx.addIssue({ code: "custom", message: invalid || message });
        return z.NEVER;
      };
      const value = typeof typed === "string" ? typed.trim() : typed;
      if (value === "") return problem(AMOUNT_REQUIRED);
      if (typeof value === "string" && !NUMBER_TEXT.test(value))
        return problem(AMOUNT_NOT_A_NUMBER);
      const number = Number(value);
      if (Number.isNaN(number)) return problem(AMOUNT_NOT_A_NUMBER);
      const minor = majorToMinor(number);
      if (minor === null || minor > MAX_AMOUNT_MINOR) return problem(AMOUNT_INVALID);
      if (minor < minimumMinor) return problem(tooSmall);
      return minor;
    });
}

/** A required text field: `required` when missing or blank, at most `max` characters. */
export const requiredText = (label: string, required: string, max = 200) =>
  text(label, { required }).trim().min(1, required).max(max, `At most ${max} characters.`);

/** Multipart fields of a deposit request (the screenshot travels as a file). */
export const depositRequestSchema = z.object({
  method: requiredText("Method", "Please choose a deposit method.", 100),
  amount: amountField(MIN_DEPOSIT_MINOR, "The minimum deposit is 50 ETB."),
  accountNumber: text("Account number").trim().max(100).optional(),
  transactionId: text("Transaction ID").trim().max(500).optional(),
});

/** An agent's charge request (multipart; the screenshot travels as a file). */
export const chargeRequestSchema = z.object({
  method: requiredText("Method", "Please choose a deposit bank.", 500),
  amount: amountField(MIN_CHARGE_MINOR, "The minimum charge is 50 ETB."),
  accountNumber: requiredText("Account number", "Account number is required.", 500),
  transactionId: requiredText("Transaction link", "Transaction link is required.", 500),
});
export const SCREENSHOT_REQUIRED = "A screenshot image is required.";

export const withdrawViaAgent = (method: string) =>
  method.trim().toLowerCase() === AGENT_WITHDRAW_METHOD;

/**
 * A withdrawal: to a bank's account (its number required), or in cash at an agent's shop (the
 * withdraw code is what counts there: no account number is asked).
 */
export const withdrawRequestSchema = z
  .object({
    amount: amountField(MIN_WITHDRAWAL_MINOR, "The minimum withdrawal is 1 ETB."),
    method: requiredText("Method", "Please fill all fields.", 100),
    accountNumber: text("Account number").trim().max(100, "At most 100 characters.").optional(),
    withdrawFromBonusBalance: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (!withdrawViaAgent(body.method) && !body.accountNumber)
      ctx.addIssue({ code: "custom", path: ["accountNumber"], message: "Please fill all fields." });
  });

export const WITHDRAW_CODE_REQUIRED = "Please enter a withdraw code before approving.";
export const PAYMENT_REFERENCE_REQUIRED =
  "Please enter the payment reference of the transfer before approving.";
export const PAYMENT_REFERENCE_INVALID =
  "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.";

/**
 * The reference of the transfer that paid a bank withdrawal, as the bank or Telebirr shows it
 * (CBE 'FT24123ABC12', Telebirr 'BFR4K2LMN7'): letters and digits, at least one digit, maybe
 * split by single spaces, dashes, slashes, dots or underscores. Words like 'paid' or 'ok' are
 * not references.
 */
export const paymentReferenceSchema = text("Payment reference", {
  required: PAYMENT_REFERENCE_REQUIRED,
})
  .trim()
  .min(1, PAYMENT_REFERENCE_REQUIRED)
  .min(4, PAYMENT_REFERENCE_INVALID)
  .max(40, PAYMENT_REFERENCE_INVALID)
  .regex(/^(?=.*\d)[A-Za-z0-9]+(?:[ ./_-][A-Za-z0-9]+)*$/, PAYMENT_REFERENCE_INVALID);

/**
 * Approving a withdrawal: through an agent with the player's withdraw code; to a bank with the
 * payment reference of the transfer staff made (which of the two a request needs depends on its
 * method, so each is optional here and required by the route).
 */
export const withdrawApprovalSchema = z.object({
  withdrawCode: text("Withdraw code", { required: WITHDRAW_CODE_REQUIRED })
    .trim()
    .max(100, "At most 100 characters.")
    .optional(),
  paymentReference: paymentReferenceSchema.optional(),
});

/** `?page=`: a whole number from 1 (one page of 20 rows). */
export const pageNumber = z.coerce
  .number({ error: PAGE_INVALID })
  .int(PAGE_INVALID)
  .min(1, PAGE_INVALID)
  .max(1_000_000, PAGE_INVALID)
  .default(1);

export const pageQuerySchema = z.object({
  page: pageNumber,
  search: text("Search").trim().max(100, "Search must be at most 100 characters.").optional(),
});

/** A payment proof: a signed /image link (only its owner and staff receive it), or none. */
export const proofLinkSchema = z
  .string()
  .nullable()
  .describe("A signed link to the payment proof image, valid for 10 to 15 minutes");

export const depositTransactionSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.string(),
  createdAt: z.string(),
  method: z.string(),
  gameCode: z.string().nullable(),
  depositCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  transactionId: z.string().nullable(),
  screenShot: proofLinkSchema,
  user: z.object({ id: z.string(), fullName: z.string() }),
});

export const withdrawalTransactionSchema = z.object({
  id: z.string(),
  amount: z.number(),
  fee: z.number(),
  payout: z.number(),
  status: z.string(),
  createdAt: z.string(),
  /** 'agent' (cash at an agent's shop), else the bank (withdraw method) paid into. */
  method: z.string(),
  /** The withdraw code the player gives the agent; null for a bank withdrawal (none needed). */
  gameCode: z.string().nullable(),
  accountNumber: z.string(),
  /** The approval's reference: a bank transfer's payment reference, an agent's code hint. */
  transactionId: z.string().nullable(),
  /** Bank withdrawals: the payment reference of the transfer that paid it, once paid. */
  paymentReference: z.string().nullable(),
  /** When it was paid (approved) or refused; null while pending. */
  decidedAt: z.string().nullable(),
  user: z.object({ id: z.string(), fullName: z.string() }),
});

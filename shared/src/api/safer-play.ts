import { z } from "zod";
import { MAX_AMOUNT_MINOR, majorToMinor } from "../money.ts";
import {
  LIMIT_KINDS,
  SAFER_PLAY_MESSAGES as M,
  MAX_LIMIT_MINOR,
  MIN_LIMIT_MINOR,
  SELF_EXCLUSION_MAX_MONTHS,
  SELF_EXCLUSION_MIN_MONTHS,
  TIME_OUT_MAX_HOURS,
  TIME_OUT_MIN_HOURS,
} from "../safer-play.ts";
import { text } from "./text.ts";

/** Safer play on the wire (docs/safer-play.md): amounts in major units, like every amount. */

export const limitKindSchema = z.enum(LIMIT_KINDS, { error: M.limitKind });

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A limit as typed (ETB, a number or numeric text), in minor units, or null to remove it. Zero,
 * negative, above the maximum, more than 2 decimals or not a number: each its own sentence.
 */
export const limitAmountSchema = z
  .union([z.number(), text("Limit amount"), z.null()], { error: M.limitRequired })
  .transform((typed, ctx) => {
    if (typed === null) return null;
    const problem = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const value = typeof typed === "string" ? typed.trim() : typed;
    if (value === "") return problem(M.limitRequired);
    if (typeof value === "string" && !NUMBER_TEXT.test(value)) return problem(M.limitNotNumber);
    const number = Number(value);
    if (!Number.isFinite(number)) return problem(M.limitNotNumber);
    if (number <= 0) return problem(M.limitTooSmall);
    const minor = majorToMinor(number);
    if (minor === null && number * 100 <= MAX_AMOUNT_MINOR) return problem(M.limitDecimals);
    if (minor === null || minor > MAX_LIMIT_MINOR) return problem(M.limitTooLarge);
    if (minor < MIN_LIMIT_MINOR) return problem(M.limitTooSmall);
    return minor;
  });

export const setLimitRequestSchema = z.object({ amount: limitAmountSchema });

export const takeBreakRequestSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("timeOut"),
      hours: z
        .number({ error: M.timeOutHours })
        .int(M.timeOutHours)
        .min(TIME_OUT_MIN_HOURS, M.timeOutHours)
        .max(TIME_OUT_MAX_HOURS, M.timeOutHours),
    }),
    z.object({
      kind: z.literal("selfExclusion"),
      months: z
        .number({ error: M.selfExclusionMonths })
        .int(M.selfExclusionMonths)
        .min(SELF_EXCLUSION_MIN_MONTHS, M.selfExclusionMonths)
        .max(SELF_EXCLUSION_MAX_MONTHS, M.selfExclusionMonths)
        .nullable()
        .describe("null: permanent"),
    }),
  ],
  { error: "Choose a time-out or a self-exclusion." },
);
export type TakeBreakRequest = z.infer<typeof takeBreakRequestSchema>;

export const AGE_NOT_CONFIRMED = "Please confirm that you are at least the minimum age to play.";
export const TERMS_NOT_ACCEPTED = "Please accept the terms and conditions.";

/** The two boxes of registration (and of the profile, for accounts made before them). */
export const ageConfirmationFields = {
  ageConfirmed: z.literal(true, { error: AGE_NOT_CONFIRMED }),
  termsAccepted: z.literal(true, { error: TERMS_NOT_ACCEPTED }),
};
export const confirmAgeRequestSchema = z.object(ageConfirmationFields);

export const limitViewSchema = z.object({
  limit: limitKindSchema,
  amount: z.number().nullable().describe("ETB in force now; null: none"),
  next: z
    .object({ amount: z.number().nullable(), appliesAt: z.string() })
    .nullable()
    .describe("A raise or removal waiting its 24 hours"),
  used: z.number().nullable().describe("Deposited, or lost net, in the limit's window so far"),
});
export const saferPlayViewSchema = z.object({
  limits: z.array(limitViewSchema),
  breakTaken: z
    .object({ kind: z.enum(["timeOut", "selfExclusion"]), until: z.string().nullable() })
    .nullable(),
  ageConfirmed: z.boolean(),
  minimumAge: z.number(),
});
export type SaferPlayView = z.infer<typeof saferPlayViewSchema>;
export type LimitViewWire = z.infer<typeof limitViewSchema>;

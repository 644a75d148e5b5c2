import { z } from "zod";
import { MAX_AMOUNT_MINOR, majorToMinor } from "./money.ts";

/** The schemas of amounts (money.ts: the units and their arithmetic). */

export const amountMinorSchema = z
  .number({ error: "Amount must be a number." })
  .int("Amount must be a whole number of minor units.")
  .positive("Amount must be greater than zero.")
  .max(MAX_AMOUNT_MINOR, "Amount is too large.");

/** A non-negative minor-unit quantity (a part of an amount that may be zero). */
export const partMinorSchema = z
  .number({ error: "Amount must be a number." })
  .int("Amount must be a whole number of minor units.")
  .min(0, "Amount must not be negative.")
  .max(MAX_AMOUNT_MINOR, "Amount is too large.");

/** A wire amount in major units, validated and converted to minor units. */
export const amountMajorSchema = z
  .number({ error: "Amount must be a number." })
  .transform((value, ctx) => {
    const minor = majorToMinor(value);
    if (minor === null || minor <= 0 || minor > MAX_AMOUNT_MINOR) {
      ctx.addIssue({
        code: "custom",
        message: "Amount must be a positive number with at most 2 decimals.",
      });
      return z.NEVER;
    }
    return minor;
  });

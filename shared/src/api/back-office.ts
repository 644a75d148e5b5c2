import { z } from "zod";
import { EMAIL_PATTERN, newPasswordSchema, PHONE_PATTERN } from "./accounts.ts";
import { text } from "./text.ts";

export const SETTINGS_GROUPS = [
  "spinWheel",
  "coinFlip",
  "subAdminWithdraw",
  "subAdminCredit",
] as const;
export const SETTINGS_INVALID = "All values must be valid numbers and within proper range.";

/** One settings group: minutes a round waits for players, and the house cut (or advance) in %. */
export const settingsGroupSchema = z.object({
  gameWaitingTime: z
    .number({ error: SETTINGS_INVALID })
    .int(SETTINGS_INVALID)
    .min(1, SETTINGS_INVALID)
    .max(1440, SETTINGS_INVALID),
  winPercentCut: z
    .number({ error: SETTINGS_INVALID })
    .min(0, SETTINGS_INVALID)
    .max(100, SETTINGS_INVALID)
    // At most two decimals, judged on the number's text (no float arithmetic).
    .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), SETTINGS_INVALID),
});

export const settingsSchema = z.object(
  Object.fromEntries(SETTINGS_GROUPS.map((group) => [group, settingsGroupSchema])) as Record<
    (typeof SETTINGS_GROUPS)[number],
    typeof settingsGroupSchema
  >,
  { error: SETTINGS_INVALID },
);
export type Settings = z.infer<typeof settingsSchema>;

/** The settings players may read: each game's waiting time and house cut, not the agents' terms. */
export const gameSettingsSchema = settingsSchema.pick({ coinFlip: true, spinWheel: true });
export type GameSettings = z.infer<typeof gameSettingsSchema>;

/** Links entered by admins must be http(s): no javascript:, data: or other schemes. */
export const socialLinkSchema = text("Link", { required: "Link is required." })
  .trim()
  .min(1, "Link is required.")
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "The link must start with http:// or https://.");

export const resetRequestSchema = z
  .object({
    email: text("Email").trim().max(254).optional(),
    phone: text("Phone").trim().max(20).optional(),
  })
  .refine((body) => Boolean(body.email || body.phone), "Please provide email or phone number")
  .refine((body) => !body.email || EMAIL_PATTERN.test(body.email), "Enter a valid email.")
  .refine((body) => !body.phone || PHONE_PATTERN.test(body.phone), "Enter a valid phone number.");

export const adminResetPasswordSchema = z.object({
  newPassword: newPasswordSchema(
    "player",
    {
      required: "Please fill in both fields.",
      tooShort: "Password must be at least 6 characters long.",
    },
    "New password",
  ),
});

/** An agent (admin) account, created by the superAdmin: staff passwords follow the staff rule. */
export const createAdminAccountSchema = z.object({
  fullName: text("Full name", { required: "Full name is required." })
    .trim()
    .min(3, "Full name must be at least 3 characters.")
    .max(100),
  email: text("Email", { required: "Enter a valid email." })
    .max(254)
    .check(z.email({ error: "Enter a valid email." })),
  password: newPasswordSchema("staff", {
    required: "Password is required.",
    tooShort: "Password must be at least 6 characters long.",
  }),
});

export const LOGO_REQUIRED = "A logo image is required.";
export const BANK_ACCOUNT_REQUIRED = "Account number is required.";

/** A deposit bank or a withdrawal method (multipart; the logo travels as a file). */
export const bankFieldsSchema = z.object({
  bankName: text("Bank name", { required: "Bank name is required." })
    .trim()
    .min(1, "Bank name is required.")
    .max(100),
  accountNumber: text("Account number").trim().max(100).optional(),
  type: z.enum(["deposit", "withdraw"]).default("deposit"),
  color: text("Color")
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Color must look like #1a2b3c.")
    .optional(),
});

/** A social link (multipart; the logo travels as a file). */
export const socialFieldsSchema = z.object({
  socialName: text("Social name", { required: "Social name is required." })
    .trim()
    .min(1, "Social name is required.")
    .max(100),
  socialLink: socialLinkSchema,
});

/** An auditor account (read-only staff) as the superAdmin's list shows it. */
export const auditorSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  status: z.enum(["active", "blocked"]),
  /** Sees players' names and phones unmasked (the superAdmin's grant). */
  personalData: z.boolean(),
});
export type Auditor = z.infer<typeof auditorSchema>;

export const auditorGrantSchema = z.object({
  personalData: z.boolean({ error: "Choose whether the auditor sees personal data." }),
});

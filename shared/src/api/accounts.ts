import { z } from "zod";
import { ROLES } from "../constants.ts";
import {
  PASSWORD_MESSAGES,
  PASSWORD_RULES,
  type PasswordAudience,
  type PasswordMessages,
  passwordProblem,
} from "../password-policy.ts";
import { ageConfirmationFields } from "./safer-play.ts";
import { text } from "./text.ts";

/** The player spec's rules and messages (section 5), enforced on the client and the server. */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const phoneOrEmailSchema = text("Phone or Email", {
  required: "Phone or Email is required.",
})
  .trim()
  .min(1, "Phone or Email is required.")
  .max(254, "Enter a valid phone number or email.")
  .refine(
    (value) => PHONE_PATTERN.test(value) || EMAIL_PATTERN.test(value),
    "Enter a valid phone number or email.",
  );

/**
 * A new password under the one policy (password-policy.ts), with a path's own messages. The value
 * is kept as typed; only its length is counted without surrounding spaces.
 */
export function newPasswordSchema(
  audience: PasswordAudience,
  messages: PasswordMessages,
  field = "Password",
) {
  return text(field, { required: messages.required })
    .max(PASSWORD_RULES.maxLength * 2, PASSWORD_MESSAGES.tooLong)
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value, audience, messages);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

export const registrationPasswordSchema = newPasswordSchema("player", {
  required: "Password is required.",
  tooShort: "Password must be at least 6 characters.",
});

export const fullNameSchema = text("Full name", { required: "Full name is required." })
  .trim()
  .min(1, "Full name is required.")
  .min(3, "Full name must be at least 3 characters.")
  .max(100, "Full name must be at most 100 characters.");

export const registerRequestSchema = z
  .object({
    phone: phoneOrEmailSchema,
    fullName: fullNameSchema,
    password: registrationPasswordSchema,
    confirmPassword: text("Password confirmation", { required: "Passwords do not match." }),
    ...ageConfirmationFields,
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: "Passwords do not match.",
    path: ["confirmPassword"],
    // Also while the age and terms boxes are unticked: every problem is shown at once.
    when: ({ value }) => {
      // Not an object at all (null, a string): the object's own issue says so.
      const body = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
      return typeof body.password === "string" && typeof body.confirmPassword === "string";
    },
  });

export const loginRequestSchema = z.object({
  phone: text("Phone or Email", { required: "Phone or Email is required." })
    .trim()
    .min(1, "Phone or Email is required.")
    .max(254),
  password: text("Password", { required: "Password is required." })
    .min(1, "Password is required.")
    .max(128),
  code: text("Code")
    .trim()
    .max(20, "Enter the 6-digit code from your authenticator app.")
    .optional()
    .describe("The authenticator's 6-digit code, or a recovery code, when the account has one."),
});

export const roleSchema = z.enum(ROLES);

/** What the session holds after sign-in or a check-user call (player spec section 3). */
export const sessionUserSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  userName: z.string().nullable(),
  role: roleSchema,
  mainBalance: z.number(),
  bonusBalance: z.number(),
  ageConfirmationDue: z
    .boolean()
    .describe(
      "An account made by Google or Telegram sign-in that has not yet confirmed the minimum age and accepted the terms: the client asks before anything else (POST /api/user/safer-play/age).",
    ),
});

export const loginResponseSchema = sessionUserSchema.extend({
  token: z.string(),
  failedSignInAttempts: z
    .number()
    .int()
    .optional()
    .describe("Failed sign-in attempts since the last good sign-in: shown to the owner once."),
  notice: z.string().optional().describe("The same, as a sentence."),
  recoveryCodes: z
    .array(z.string())
    .optional()
    .describe("Ten single-use recovery codes, given once when an authenticator is confirmed."),
});

/**
 * The answer to a right password on an account with two-factor sign-in and no code yet: no
 * session; the code is asked for (`code`), or, for an account that must have an authenticator
 * and has none, the authenticator to set up first (`enrol`). Sign in again with `code`.
 */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.enum(["code", "enrol"]),
  message: z.string(),
  enrolment: z
    .object({
      secret: z.string().describe("The authenticator's key, to type in by hand."),
      otpauthUrl: z.string(),
      qrCode: z.string().describe("The otpauth URL as a QR code (an SVG data: URL)."),
    })
    .optional(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** A new player is signed in at once: the answer carries what a sign-in answers. */
export const registerResponseSchema = loginResponseSchema
  .omit({ failedSignInAttempts: true, notice: true })
  .extend({ message: z.string() });

export const updateProfileRequestSchema = z
  .object({
    username: text("Username").trim().max(50, "Username must be at most 50 characters.").optional(),
    phone: text("Phone")
      .trim()
      .max(10, "Phone must be at most 10 characters.")
      .regex(/^\d*$/, "Phone must contain digits only.")
      .optional(),
  })
  .refine(
    (body) => Boolean(body.username) || Boolean(body.phone),
    "Please fill at least one field.",
  );

export const changePasswordRequestSchema = z.object({
  currentPassword: text("Current password", { required: "Please fill all fields." })
    .min(1, "Please fill all fields.")
    .max(128),
  newPassword: newPasswordSchema(
    "player",
    {
      required: "Please fill all fields.",
      tooShort: "Password length should not  less than 6 (six) digits",
    },
    "New password",
  ).describe("Staff accounts need the staff rule; it must differ from the current password."),
});

export const changePasswordResponseSchema = z.object({
  message: z.string(),
  token: z.string().describe("A fresh token for this device: every older token has ended."),
});

export const messageSchema = z.object({ message: z.string() });

/** Every refusal: its message, and the form field it is about when there is one. */
export const errorSchema = messageSchema.extend({
  field: z
    .string()
    .optional()
    .describe("The request field the message is about (a form shows it at that field)."),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
/** One of the account's open sessions, as the profile's list shows it. */
export const sessionSummarySchema = z.object({
  id: z.string(),
  device: z.string().describe('The browser and system, such as "Chrome on Android".'),
  address: z.string().describe("The address it was last seen from."),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean().describe("The session this request came with."),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionSummarySchema) });

export type SessionSummary = z.infer<typeof sessionSummarySchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

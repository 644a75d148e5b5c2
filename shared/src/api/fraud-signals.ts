import { z } from "zod";
import { text } from "./text.ts";

/**
 * Fraud signals: what the back office shows an approver about a deposit or withdrawal request
 * before they decide (docs/fraud-signals.md). A signal is evidence for a person, named by its
 * kind; the server computes them (game-server/src/fraud-signals/), the screens translate them by
 * kind with their `params`, and `reason` says the same in English for API clients.
 *
 * More kinds come by adding a name here, its computation on the server and its texts in the
 * screens' locales (client/src/features/fraud-signals/locales): a kind the client does not know
 * yet is shown by its `reason`.
 */
export const FRAUD_SIGNAL_KINDS = [
  /** Another request has this transaction reference, exactly as typed. */
  "sameReference",
  /** Another request has this reference once case, spaces and punctuation are set aside. */
  "similarReference",
  /** A request with this reference asked for another amount. */
  "amountMismatch",
  /** Another request's screenshot is the same or a near-identical image (perceptual hash). */
  "sameImage",
  /** The player made many requests in the hour before this one. */
  "velocity",
  /** The player's account is young. */
  "newAccount",
  /** Another player's withdrawal asked for a payout to this account number. */
  "sharedPayoutAccount",
  /**
   * The player is in a group of linked accounts (a payout account, a device or a burst of
   * sign-ups shared with other players: docs/linked-accounts.md); params name the group.
   */
  "linkedAccounts",
] as const;
export type FraudSignalKind = (typeof FRAUD_SIGNAL_KINDS)[number];

/** The other request a signal points at: the approver opens it from the signal. */
export const fraudSignalMatchSchema = z.object({
  id: z.string(),
  type: z.enum(["deposit", "withdrawal"]),
  status: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), fullName: z.string() }),
});

export const fraudSignalSchema = z.object({
  kind: z.enum(FRAUD_SIGNAL_KINDS),
  /** The signal in English, with its figures (what the screens show in Amharic from `params`). */
  reason: z.string(),
  /** The figures the sentence names (a count, hours, a distance), for translation. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The request it matches, or null for a signal about the player alone (velocity, age). */
  match: fraudSignalMatchSchema.nullable(),
  /**
   * True when approving is refused unless a superAdmin overrides it with a note: the reference
   * of a deposit that was already approved.
   */
  blocking: z.boolean(),
  /**
   * True when the screens ask the approver for a note before approving: a signal that names
   * another request (the same reference, image or payout account). A signal about the player
   * alone (velocity, a new account) is shown as context: most first deposits come from new
   * accounts, and a note asked for each would be filler.
   */
  needsNote: z.boolean(),
});
export type FraudSignal = z.infer<typeof fraudSignalSchema>;

export const fraudSignalsResponseSchema = z.object({ signals: z.array(fraudSignalSchema) });

export const FRAUD_NOTE_MAX = 500;

/** What an approval may carry besides its code: the approver's note, the superAdmin's override. */
export const approvalNoteFields = {
  note: text("Note", { multiline: true }).trim().max(FRAUD_NOTE_MAX).optional(),
  /** The superAdmin approves a deposit whose reference was already approved (with a note). */
  overrideDuplicate: z.boolean().optional(),
};

export const FRAUD_MESSAGES = {
  duplicateReference:
    "This transaction reference was already used by an approved deposit. A superAdmin can approve it only with an override and a note.",
  overrideNeedsNote: "Please write a note explaining why you approve this deposit anyway.",
} as const;

/** When the player-level signals fire (docs/fraud-signals.md). */
export const FRAUD_THRESHOLDS = {
  /** Requests of one kind by one player in the hour up to and including this one. */
  requestsPerHour: 3,
  /** An account younger than this, in hours, when the request was made. */
  newAccountHours: 72,
} as const;

const matchWord = (params: FraudSignal["params"]) =>
  params.matchStatus ? ` (${params.matchStatus})` : "";

/** The English sentence of a signal (what the screens translate from its kind and params). */
export function fraudSignalReason(kind: FraudSignalKind, params: FraudSignal["params"]): string {
  switch (kind) {
    case "sameReference":
      return `The same transaction reference was used by another deposit request${matchWord(params)}.`;
    case "similarReference":
      return `A nearly identical transaction reference (${params.reference}) was used by another deposit request${matchWord(params)}.`;
    case "amountMismatch":
      return `Another request with this reference asked for ETB ${params.otherAmount}, not ETB ${params.amount}.`;
    case "sameImage":
      return `The screenshot is the same as, or nearly identical to, another deposit request's${matchWord(params)}.`;
    case "velocity":
      return `The player made ${params.count} requests of this kind in the hour up to this one.`;
    case "newAccount":
      return `The account was opened ${params.hours} hours before this request.`;
    case "sharedPayoutAccount":
      return `Another player asked for a payout to the same account number${matchWord(params)}.`;
    case "linkedAccounts":
      return `The player is linked to ${params.count} other accounts (a shared payout account, device or sign-ups from one address).`;
  }
}

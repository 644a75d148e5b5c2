import { z } from "zod";

/**
 * Linked accounts (docs/linked-accounts.md): players tied together by a payout account both
 * withdrew to, a browser both signed in from (the first-party device id), or a burst of sign-ups
 * from one address. Groups are transitive: A linked to B and B to C puts all three in one group.
 */
export const LINK_KINDS = ["payoutAccount", "device", "signUpBurst"] as const;
export const linkKindSchema = z.enum(LINK_KINDS);
export type LinkKind = z.infer<typeof linkKindSchema>;

/** One reason a group holds together: what its members share, since when. */
export const accountLinkSchema = z.object({
  kind: linkKindSchema,
  /** The bank or method and the account number (kind payoutAccount); personal data. */
  payoutAccount: z.string().nullable(),
  /** The first 8 hex digits of the device id's hash (kind device): tells devices apart. */
  device: z.string().nullable(),
  /** The address the sign-ups came from (kind signUpBurst); personal data. */
  signUpAddress: z.string().nullable(),
  /** When the first of these members was seen with it. */
  since: z.string(),
  /** The group's members that share it (at least two). */
  playerIds: z.array(z.string()),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const linkedPlayerSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  status: z.enum(["active", "blocked"]),
  /** When the account was made (sign-up). */
  createdAt: z.string(),
  /** When it joined the group (its first link). */
  linkedAt: z.string(),
});
export type LinkedPlayer = z.infer<typeof linkedPlayerSchema>;

export const linkedGroupSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The last time a member or a link was added. */
  updatedAt: z.string(),
  members: z.array(linkedPlayerSchema),
  links: z.array(accountLinkSchema),
});
export type LinkedGroup = z.infer<typeof linkedGroupSchema>;

export const linkedGroupListSchema = z.object({
  groups: z.array(linkedGroupSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});

export const playerLinksSchema = z.object({
  player: z.object({ id: z.string(), fullName: z.string() }),
  /** The player's group, or null when nothing links them to another player. */
  group: linkedGroupSchema.nullable(),
});
export type PlayerLinks = z.infer<typeof playerLinksSchema>;

import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { shortText } from "./common-schemas.ts";

/**
 * The secret code a player hands to an agent (deposit code, withdraw code). A request stores
 * only a keyed digest of it (`h1:` + HMAC, made by the server, which holds the key), a masked
 * hint for staff, and the code sealed for its owner's eyes. Requests made before digests were
 * introduced hold the code itself; they still work (see `codeMatches`).
 */
export const CODE_DIGEST_PREFIX = "h1:";

/** What a request records of its code, besides the stored form (digest or legacy code). */
export const codeCopies = {
  /** The masked code staff see, e.g. "••••••K7". */
  codeHint: shortText.optional(),
  /** The code encrypted for its owner (only the server can open it). */
  sealedCode: shortText.optional(),
};

/** A code someone typed, and its keyed digest (computed by the server before it asks). */
export interface PresentedCode {
  plain: string;
  digest: string;
}

export const presentedCodeSchema = z.object({ plain: z.string(), digest: z.string() });

export function isDigest(stored: string): boolean {
  return stored.startsWith(CODE_DIGEST_PREFIX);
}

/** The form of a presented code comparable with what a request stored. */
export function comparableForm(stored: string, presented: PresentedCode): string {
  return isDigest(stored) ? presented.digest : presented.plain;
}

/** Does the presented code open this request? In constant time for codes of equal length. */
export function codeMatches(stored: string, presented: PresentedCode): boolean {
  return sameSecret(stored, comparableForm(stored, presented));
}

/** Two stored forms compared without leaking where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What staff see of a code: its last two characters. */
export function maskCode(code: string): string {
  if (isDigest(code)) return "••••••••";
  return `${"•".repeat(Math.max(code.length - 2, 0))}${code.slice(-2)}`;
}

/**
 * Words of programmers that a player must never read: zod's own messages, JavaScript's
 * leftovers. Form tests (client/src/app/every-form.dom.spec.tsx) and browser tests look for them.
 */
export const RAW_TEXT =
  /Invalid input|expected .* received|Too small|Too big|Invalid (option|string|number|key|value)|Unrecognized key|NaN|undefined|\bnull\b|\[object/;

/** Amharic script: a message shown to an Amharic reader holds some. */
export const ETHIOPIC = /\p{Script=Ethiopic}/u;

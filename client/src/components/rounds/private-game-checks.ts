import { installIssueMessages, privateGameFields } from "@igp/shared";

// Loaded by private-game-form.tsx after it has painted, before its first check (with zod, off
// the page's first download: lib/lazy-schemas.ts).
installIssueMessages();

/** The bet as the server checks it: the spec's message, or the amount in minor units. */
export const betAmountField = privateGameFields.betAmount;

import type { InstantGameEntry, RoundGameType } from "@igp/shared";
import { api } from "../api-client.ts";

/**
 * The calls every round game shares (player spec, section 7). Answers are taken as their shared
 * types: the server checks each against the same schema before sending it (its routes' response
 * schemas), so a game's screens need not download zod to read them (docs/first-load.md).
 */

export const fetchTables = (game: RoundGameType) =>
  api<InstantGameEntry[]>(`/api/instant/game/${game}`);

export const fetchTable = (id: number) => api<InstantGameEntry>(`/api/instant/game/by/${id}`);

/** This browser's contribution to the draw (docs/fairness.md): 16 random bytes in hex. */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

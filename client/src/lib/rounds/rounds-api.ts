import { instantGameEntrySchema, type RoundGameType } from "@igp/shared";
import { z } from "zod";
import { api } from "../api-client.ts";

/** The calls every round game shares (player spec, section 7), answers parsed by shared schemas. */

export const fetchTables = async (game: RoundGameType) =>
  z.array(instantGameEntrySchema).parse(await api(`/api/instant/game/${game}`));

export const fetchTable = async (id: number) =>
  instantGameEntrySchema.parse(await api(`/api/instant/game/by/${id}`));

/** This browser's contribution to the draw (docs/fairness.md): 16 random bytes in hex. */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

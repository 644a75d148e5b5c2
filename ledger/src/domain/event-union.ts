import type { z } from "zod";

/** `{ type, data }` for each event schema of a stream kind's map. */
export type EventUnion<M extends Record<string, z.ZodType>> = {
  [K in keyof M & string]: { type: K; data: z.infer<M[K]> };
}[keyof M & string];

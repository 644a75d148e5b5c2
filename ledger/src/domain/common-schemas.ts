import { z } from "zod";

export const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "invalid id");
export const shortText = z.string().max(500);
export const isoTime = z.iso.datetime({ offset: true });
export const streamIdSchema = z.string().min(3).max(200);

import { resetRequestSchema } from "@igp/shared";
import { z } from "zod";

/** The checks of the sign-in, registration and reset forms, loaded by auth-schemas-loader.ts. */

export { loginRequestSchema, registerRequestSchema } from "@igp/shared";

/** The chosen way and its address, checked as the request it becomes (`{ email }` or `{ phone }`). */
export const resetFormSchema = z
  .object({ by: z.enum(["phone", "email"]), contact: z.string() })
  .superRefine(({ by, contact }, ctx) => {
    const parsed = resetRequestSchema.safeParse({ [by]: contact });
    if (!parsed.success)
      ctx.addIssue({ code: "custom", path: ["contact"], message: parsed.error.issues[0]!.message });
  });

import { AGENT_DEPOSIT_METHOD, depositRequestSchema } from "@igp/shared";
import { z } from "zod";

export const BANK_DEPOSIT_MISSING = {
  accountNumber: "Your account number is required.",
  transactionId: "The transaction ID or link is required.",
  screenshot: "Please attach a screenshot of the transfer.",
} as const;

/**
 * The deposit dialog: the request (shared schema) with the tab it is made on and the proof; a
 * bank deposit needs the account, the transaction and a screenshot (the server's own rule).
 */
export const depositFormSchema = depositRequestSchema
  .extend({
    via: z.enum(["bank", "agent"]),
    screenshot: z.custom<File | null>((value) => value === null || value instanceof Blob),
  })
  .superRefine((form, ctx) => {
    if (form.via === "agent" || form.method === AGENT_DEPOSIT_METHOD) return;
    for (const field of ["accountNumber", "transactionId", "screenshot"] as const) {
      if (!form[field])
        ctx.addIssue({ code: "custom", path: [field], message: BANK_DEPOSIT_MISSING[field] });
    }
  });

export type DepositForm = z.input<typeof depositFormSchema>;

/** What the form sends: multipart, the proof and bank fields only for a bank deposit. */
export function depositBody(form: DepositForm): FormData {
  const body = new FormData();
  const byAgent = form.via === "agent";
  body.append("method", byAgent ? AGENT_DEPOSIT_METHOD : form.method);
  body.append("amount", String(form.amount).trim());
  if (!byAgent) {
    body.append("accountNumber", form.accountNumber ?? "");
    body.append("transactionId", form.transactionId ?? "");
    if (form.screenshot) body.append("screenshot", form.screenshot);
  }
  return body;
}

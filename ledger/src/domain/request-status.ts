import { refuse } from "./ledger-error.ts";

/** A deposit, withdrawal or charge request: requested, then approved or disapproved, once. */
export type RequestStatus = "none" | "pending" | "approved" | "disapproved";

/** The request, if it exists and is still pending; otherwise the refusal a caller should see. */
export function pendingRequest<R>(
  state: { status: RequestStatus; request: R | null },
  noun: "Deposit" | "Withdrawal" | "Charge",
): R {
  if (!state.request) return refuse("not_found", `${noun} request not found.`);
  if (state.status !== "pending") {
    return refuse("not_pending", `This ${noun.toLowerCase()} request is already ${state.status}.`);
  }
  return state.request;
}

/** Why a ledger command was refused. The HTTP layer maps each code to a status. */
export type LedgerErrorCode =
  | "invalid" // 400: the command itself is malformed
  | "insufficient_funds" // 400: not enough balance
  | "insufficient_float" // 409: an agent's float cannot cover it
  | "not_found" // 404
  | "not_pending" // 409: the request was already decided
  | "seat_taken" // 409: a round seat (side, number) another stake holds
  | "conflict" // 409: the stream kept changing under us (retries exhausted)
  | "wrong_code" // 400: a deposit or withdraw code does not match
  | "restricted"; // 403: the player's own limit, time-out or exclusion, or no age confirmed

export class LedgerError extends Error {
  override readonly name = "LedgerError";
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const refuse = (code: LedgerErrorCode, message: string): never => {
  throw new LedgerError(code, message);
};

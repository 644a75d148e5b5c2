/**
 * Why domain code (accounts, wallet, uploads...) refused: the user-facing message, its kind and,
 * when it is about one request field, that field. Domain code knows no HTTP; the HTTP layer's
 * error handler (http/plugins/error-handler.ts) turns each kind into a status.
 */
export type DomainErrorKind =
  | "invalid" // 400: the input itself is refused (not an image, a weak password...)
  | "too_many_attempts" // 429: too many wrong tries; try again later
  | "conflict"; // 409: what is asked clashes with what was done (a reference already approved)

export class DomainError extends Error {
  override readonly name = "DomainError";
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string, field?: string) =>
  new DomainError("invalid", message, field);

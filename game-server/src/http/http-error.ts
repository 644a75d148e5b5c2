/**
 * An error whose status and message are meant for the client: `{ message, field? }` with
 * `status`; `field` names the request field it is about, so a form can show it there.
 */
export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = "Please sign in.") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do this.") =>
  new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);

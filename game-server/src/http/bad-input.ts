import type { FastifyError, FastifyRequest } from "fastify";
import { isUnreadForm } from "./plugins/request-body.ts";

export interface Refusal {
  status: number;
  message: string;
}

/** Errors of Fastify's body and URL parsing and of @fastify/multipart, by code. */
const PARSER_ERRORS: Record<string, Refusal> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty." },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: "Send the request as JSON or multipart/form-data.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: "The request's Content-Length does not match its body.",
  },
  FST_ERR_BAD_URL: { status: 400, message: "The address is not valid." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, message: "The address is too long." },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: "The file is larger than 5 MB." },
  FST_FILES_LIMIT: { status: 400, message: "Send at most one file." },
  FST_FIELDS_LIMIT: { status: 400, message: "The form has too many fields." },
  FST_PARTS_LIMIT: { status: 400, message: "The form has too many parts." },
  FST_PROTO_VIOLATION: { status: 400, message: "The form has a field name that is not allowed." },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    message: "A form field sent as JSON is not valid JSON.",
  },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: "The form data ended before it was complete." },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: "The request is not a form." },
};

const MALFORMED_FORM: Refusal = {
  status: 400,
  message: "The form data is incomplete or malformed.",
};

/**
 * PostgreSQL refusing a value's characters (22021: a NUL or bad bytes; 22P05: not convertible).
 * The schemas refuse such text first; this is the safety net.
 */
const INVALID_TEXT: Record<string, Refusal> = {
  "22021": { status: 400, message: "The request contains characters that are not allowed." },
  "22P05": { status: 400, message: "The request contains characters that are not allowed." },
};

/**
 * The 4xx a malformed request gets, from the error its parsing (or, as a safety net, PostgreSQL)
 * raised; null when the error is not about the request's own bytes.
 */
export function refusalOf(error: FastifyError, request: FastifyRequest): Refusal | null {
  const byCode = error.code ? (PARSER_ERRORS[error.code] ?? INVALID_TEXT[error.code]) : undefined;
  if (byCode) return byCode;
  if (error.statusCode === undefined && isUnreadForm(request)) return MALFORMED_FORM;
  return null;
}

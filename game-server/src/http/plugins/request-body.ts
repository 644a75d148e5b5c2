import { isUtf8 } from "node:buffer";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MAX_IMAGE_BYTES } from "../../uploads/image-store.ts";
import { HttpError } from "../http-error.ts";

const BODY_READ = Symbol("bodyRead");

declare module "fastify" {
  interface FastifyRequest {
    [BODY_READ]?: boolean;
  }
}

/**
 * How request bodies are read: JSON only when it is valid UTF-8 (instead of decoding bad bytes
 * into U+FFFD), and multipart/form-data with its fields as values and its file as a buffer, so
 * zod validates both alike. Longer form fields are cut at `fieldSize`, above every schema's limit.
 */
export const requestBody = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser("error", "error");
    // No API reads plain text: such a body is a 415, like any other type.
    app.removeContentTypeParser(["application/json", "text/plain"]);
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) return done(new HttpError(400, "The request body is not valid UTF-8."));
      parseJson(request, bytes.toString("utf8"), done);
    });

    await app.register(multipart, {
      attachFieldsToBody: "keyValues",
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
    });
    // Runs after multipart's own preValidation hook, which reads the form: reaching it means the
    // form was read whole.
    app.addHook("preValidation", async (request) => {
      request[BODY_READ] = true;
    });
  },
  { name: "request-body" },
);

/** Whether `request` is a form whose reading failed (busboy's errors carry no code or status). */
export function isUnreadForm(request: FastifyRequest): boolean {
  return request.isMultipart() && !request[BODY_READ];
}

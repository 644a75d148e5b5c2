import { createHash } from "node:crypto";
import { canonicalJson, type JsonValue } from "@igp/ledger";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import { SealedBox } from "../../security/sealed-box.ts";
import { HttpError } from "../http-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The Idempotency-Key this request carries, once it is this request's to answer. */
    idempotencyKey: string | null;
  }
  interface FastifyInstance {
    /** preHandler (after authenticate): replays the first answer to a repeated Idempotency-Key. */
    idempotent(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const KEY = /^[\x21-\x7e]{1,100}$/;

/**
 * Idempotency keys on money-moving POSTs: the same key and body replay the first response; the
 * same key with another body is a 422; a key whose first request is still running is a 409.
 * Keys belong to a user. A 5xx answer is not kept, so the client may try again.
 */
export const idempotency = fp(
  async (app: FastifyInstance, { db, box }: { db: pg.Pool; box: SealedBox }) => {
    app.decorateRequest("idempotencyKey", null);

    app.decorate("idempotent", async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers["idempotency-key"];
      if (key === undefined) return;
      if (typeof key !== "string" || !KEY.test(key)) {
        throw new HttpError(400, "Idempotency-Key must be 1 to 100 visible characters.");
      }
      const userId = request.user!.id;
      const hash = requestHash(request);
      const inserted = await db.query(
        `INSERT INTO idempotency_keys (user_id, key, route, request_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [userId, key, request.routeOptions.url, hash],
      );
      if (inserted.rowCount === 1) {
        request.idempotencyKey = key;
        return;
      }
      const { rows } = await db.query(
        "SELECT * FROM idempotency_keys WHERE user_id = $1 AND key = $2",
        [userId, key],
      );
      const first = rows[0];
      if (!first || first.request_hash !== hash || first.route !== request.routeOptions.url) {
        throw new HttpError(422, "This Idempotency-Key was already used for a different request.");
      }
      if (first.status_code === null) {
        throw new HttpError(409, "A request with this Idempotency-Key is still being processed.");
      }
      return reply
        .code(first.status_code)
        .header("idempotent-replayed", "true")
        .send(storedAnswer(box, first.response));
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (!key) return payload;
      if (reply.statusCode >= 500) {
        await db.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2", [
          request.user!.id,
          key,
        ]);
      } else {
        await db.query(
          "UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2",
          [
            request.user!.id,
            key,
            reply.statusCode,
            // Answers carry secrets (a deposit code) and personal data: sealed at rest.
            typeof payload === "string" ? JSON.stringify(box.seal(payload)) : null,
          ],
        );
      }
      return payload;
    });
  },
  { name: "idempotency", dependencies: ["authentication"] },
);

/** A kept answer as sent (a JSON text); those kept before answers were sealed are JSON. */
function storedAnswer(box: SealedBox, response: unknown): unknown {
  if (typeof response !== "string" || !SealedBox.isSealed(response)) return response;
  return JSON.parse(box.open(response) ?? "null");
}

/** What makes two requests the same: route and body (uploaded files by their content hash). */
function requestHash(request: FastifyRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const comparable: Record<string, JsonValue> = {};
  for (const [field, value] of Object.entries(body)) {
    comparable[field] = Buffer.isBuffer(value)
      ? `sha256:${createHash("sha256").update(value).digest("hex")}`
      : (value as JsonValue);
  }
  return createHash("sha256")
    .update(`${request.method} ${request.routeOptions.url}\n${canonicalJson(comparable)}`)
    .digest("hex");
}

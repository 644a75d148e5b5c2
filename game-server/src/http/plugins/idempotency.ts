import { createHash } from "node:crypto";
import { batchOfTheMoment, canonicalJson, type JsonValue } from "@igp/ledger";
import { IDEMPOTENCY_MESSAGES } from "@igp/shared";
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
    const keys = keptKeys(db);

    app.decorate("idempotent", async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers["idempotency-key"];
      if (key === undefined) return;
      if (typeof key !== "string" || !KEY.test(key)) {
        throw new HttpError(400, IDEMPOTENCY_MESSAGES.badKey);
      }
      const userId = request.user!.id;
      const hash = requestHash(request);
      const route = request.routeOptions.url ?? request.url;
      if (await keys.claim({ userId, key, route, hash })) {
        request.idempotencyKey = key;
        return;
      }
      const { rows } = await db.query(
        "SELECT * FROM idempotency_keys WHERE user_id = $1 AND key = $2",
        [userId, key],
      );
      const first = rows[0];
      if (!first || first.request_hash !== hash || first.route !== route) {
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.otherRequest);
      }
      if (first.status_code === null) {
        throw new HttpError(409, IDEMPOTENCY_MESSAGES.stillProcessing);
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
        await keys.answer({
          userId: request.user!.id,
          key,
          status: reply.statusCode,
          // Answers carry secrets (a deposit code) and personal data: sealed at rest.
          response: typeof payload === "string" ? JSON.stringify(box.seal(payload)) : null,
        });
      }
      return payload;
    });
  },
  { name: "idempotency", dependencies: ["authentication"] },
);

/**
 * The table of keys, written by the requests of one moment together: a crowd of buyers (a
 * lottery's last minute) claimed and answered a key each, two commits per request beside the
 * ledger's one per batch.
 */
function keptKeys(db: pg.Pool) {
  const id = (one: { userId: string; key: string }) => `${one.userId} ${one.key}`;
  return {
    /** Takes `key` for this request: false when another request (even in this batch) has it. */
    claim: batchOfTheMoment<{ userId: string; key: string; route: string; hash: string }, boolean>(
      async (claims) => {
        const { rows } = await db.query<{ user_id: string; key: string }>(
          `INSERT INTO idempotency_keys (user_id, key, route, request_hash)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])
           ON CONFLICT DO NOTHING RETURNING user_id, key`,
          [
            claims.map((one) => one.userId),
            claims.map((one) => one.key),
            claims.map((one) => one.route),
            claims.map((one) => one.hash),
          ],
        );
        const inserted = new Set(rows.map((row) => id({ userId: row.user_id, key: row.key })));
        // The first of two asks for one key in a batch took it; the second finds it taken.
        return claims.map((one) => inserted.delete(id(one)));
      },
    ),
    /** Keeps the answer a key's request gave, for its retries. */
    answer: batchOfTheMoment<
      { userId: string; key: string; status: number; response: string | null },
      void
    >(async (answers) => {
      await db.query(
        `UPDATE idempotency_keys k SET status_code = a.status, response = a.response::jsonb
           FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[]) AS a(user_id, key, status, response)
          WHERE k.user_id = a.user_id AND k.key = a.key`,
        [
          answers.map((one) => one.userId),
          answers.map((one) => one.key),
          answers.map((one) => one.status),
          answers.map((one) => one.response),
        ],
      );
      return answers.map(() => undefined);
    }),
  };
}

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

import { createTestDatabase } from "@igp/test-support/database.ts";
import type { FastifyError, FastifyRequest } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { refusalOf } from "./bad-input.ts";

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase() });
});
afterAll(() => pool.end());

const jsonRequest = { isMultipart: () => false } as unknown as FastifyRequest;

async function errorOf(sql: string, params: unknown[]) {
  try {
    await pool.query(sql, params);
  } catch (error) {
    return error as FastifyError;
  }
  throw new Error("the query did not fail");
}

it("maps PostgreSQL's refusal of a NUL in text to a 400, as the schemas' safety net", async () => {
  const error = await errorOf("SELECT $1::text", ["a\u0000b"]);
  expect(error.code).toBe("22021");
  expect(refusalOf(error, jsonRequest)).toEqual({
    status: 400,
    message: "The request contains characters that are not allowed.",
  });
});

it("leaves other database errors to be the 500 they are", async () => {
  const error = await errorOf("SELECT 1 / $1::int", [0]);
  expect(refusalOf(error, jsonRequest)).toBeNull();
});

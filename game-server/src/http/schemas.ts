import { errorSchema, text } from "@igp/shared";
import { z } from "zod";
import { totalPages } from "../wallet/paged-query.ts";

/** The error answers a route may give, all `{ message, field? }`. */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

type PagedShape<K extends string, T extends z.ZodType> = {
  status: z.ZodLiteral<"ok">;
  currentPage: z.ZodNumber;
  totalPages: z.ZodNumber;
} & { [P in K]: z.ZodArray<T> };

/** A back-office page: `{ status: "ok", <key>: [...], currentPage, totalPages }`. */
export function pagedResponse<K extends string, T extends z.ZodType>(key: K, item: T) {
  const shape = {
    status: z.literal("ok"),
    currentPage: z.number(),
    totalPages: z.number(),
    [key]: z.array(item),
  };
  return z.object(shape as PagedShape<K, T>);
}

/** One back-office page as `pagedResponse` describes it, from the rows and the total count. */
export function pageOf<K extends string, T>(key: K, items: T[], page: number, total: number) {
  return {
    status: "ok" as const,
    [key]: items,
    currentPage: page,
    totalPages: totalPages(total),
  } as {
    status: "ok";
    currentPage: number;
    totalPages: number;
  } & { [P in K]: T[] };
}

/** A UUID field (an id in a path or a body), else a 404-worded 400. */
export const uuidField = (message: string) =>
  text("Id", { required: message }).check(z.uuid(message));

/** Path parameter `id`: a UUID, else a 404-worded 400. */
export const idParams = (message: string) => z.object({ id: uuidField(message) });

import { messageSchema } from "@igp/shared";
import { z } from "zod";

/** The error answers a route may give, all `{ message }`. */
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  422: messageSchema,
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

/** Path parameter `id`: a UUID, else a 404-worded 400. */
export const idParams = (message: string) => z.object({ id: z.uuid(message) });

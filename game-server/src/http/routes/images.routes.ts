import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { ImageLinks } from "../../uploads/image-links.ts";
import { IMAGE_NAME, type ImageStore } from "../../uploads/image-store.ts";
import { isPublicImage } from "../../uploads/public-images.ts";
import { forbidden, notFound } from "../http-error.ts";

export const IMAGE_LINK_REFUSED = "This image link is not valid or has expired.";
export const IMAGE_PRIVATE = "This image is private.";

const imageQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/**
 * GET /image/{file}: logos to anyone, cached for a year (their names never change); payment
 * proofs only through a signed link (image-links.ts), cached by the browser alone and briefly.
 */
export async function imagesRoutes(
  app: FastifyInstance,
  deps: { images: ImageStore; imageLinks: ImageLinks; pool: pg.Pool },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/image/:file",
      { schema: { hide: true, params: z.object({ file: z.string() }), querystring: imageQuery } },
      async (request, reply) => {
        const { file } = request.params;
        if (!IMAGE_NAME.test(file)) throw notFound("Image not found.");
        const caching = await cachingFor({ file, ...request.query }, request.log, deps);
        const image = await deps.images.load(file);
        if (!image) throw notFound("Image not found.");
        return reply
          .header("content-type", image.type)
          .header("cache-control", caching)
          .send(image.bytes);
      },
    );
}

/** The Cache-Control an image may be served with, or a 403 (logged) when it may not be. */
async function cachingFor(
  { file, expires, signature }: { file: string } & z.infer<typeof imageQuery>,
  log: FastifyBaseLogger,
  deps: { imageLinks: ImageLinks; pool: pg.Pool },
): Promise<string> {
  if (expires !== undefined || signature !== undefined) {
    const check = deps.imageLinks.check(file, expires ?? "", signature ?? "");
    if (check.ok) return `private, max-age=${check.secondsLeft}`;
    log.warn({ file, reason: check.reason }, "image link refused");
    throw forbidden(IMAGE_LINK_REFUSED);
  }
  if (await isPublicImage(deps.pool, file)) return "public, max-age=31536000, immutable";
  log.warn({ file }, "private image asked for without a signed link");
  throw forbidden(IMAGE_PRIVATE);
}

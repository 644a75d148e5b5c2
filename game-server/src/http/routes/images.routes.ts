import type { FastifyInstance } from "fastify";
import type { ImageStore } from "../../uploads/image-store.ts";
import { notFound } from "../http-error.ts";

/** GET /image/{file}: stored uploads, with their real type and no sniffing. */
export async function imagesRoutes(app: FastifyInstance, { images }: { images: ImageStore }) {
  app.get<{ Params: { file: string } }>(
    "/image/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const image = await images.load(request.params.file);
      if (!image) throw notFound("Image not found.");
      return reply
        .header("content-type", image.type)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(image.bytes);
    },
  );
}

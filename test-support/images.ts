import sharp from "sharp";

/** A small real PNG. */
export const pngImage = (color = "#1e88e5", width = 24, height = 24) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/**
 * A small PNG of random pixels: unlike another (a plain colour is near-identical to every other
 * plain colour), so a deposit proven by it raises no "same image" fraud signal.
 */
export const distinctImage = () => {
  const size = 32;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
};

/** A JPEG that carries EXIF metadata (which uploads must drop). */
export const jpegWithExif = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#43a047" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "secret-location-data" } })
    .toBuffer();

export function form(
  fields: Record<string, string | number | boolean>,
  file?: { field: string; bytes: Buffer; name?: string; type?: string },
) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  if (file)
    data.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }),
      file.name ?? "image.png",
    );
  return data;
}

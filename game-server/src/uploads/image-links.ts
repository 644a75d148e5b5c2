import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a link handed out in a list keeps working, at least. */
export const IMAGE_LINK_LIFETIME_SECONDS = 10 * 60;
/** Expiries are rounded up to this step, so that lists fetched again give the same links. */
const EXPIRY_STEP_SECONDS = 5 * 60;

export type ImageLinkCheck =
  | { ok: true; secondsLeft: number }
  | { ok: false; reason: "expired" | "bad signature" };

/**
 * Short-lived signed links to private images (payment proofs). The browser loads them with
 * <img src>, which carries no bearer token: the link itself is the permission, given only in
 * the answers the image's owner or staff receive. HMAC-SHA256 over the file name and expiry.
 */
export function createImageLinks(secret: string, now: () => number = Date.now) {
  const sign = (file: string, expires: number) =>
    createHmac("sha256", secret).update(`image:${file}:${expires}`).digest("base64url");
  const nowSeconds = () => Math.floor(now() / 1000);

  return {
    /** `/image/{file}?expires=…&signature=…`, valid for 10 to 15 minutes. */
    link(file: string): string {
      const earliest = nowSeconds() + IMAGE_LINK_LIFETIME_SECONDS;
      const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(file, expires),
      });
      return `/image/${encodeURIComponent(file)}?${query}`;
    },
    /** Whether a link's expiry and signature are the ones this server gave for `file`. */
    check(file: string, expires: string, signature: string): ImageLinkCheck {
      const expected = Buffer.from(sign(file, Number(expires)));
      const given = Buffer.from(signature);
      if (
        !/^\d{1,12}$/.test(expires) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      ) {
        return { ok: false, reason: "bad signature" };
      }
      const secondsLeft = Number(expires) - nowSeconds();
      return secondsLeft > 0 ? { ok: true, secondsLeft } : { ok: false, reason: "expired" };
    },
  };
}

export type ImageLinks = ReturnType<typeof createImageLinks>;

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "s1:";

/** A 32-byte key for one purpose, derived from a configured secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", purpose, 32));
}

/**
 * Text kept at rest that only this server may read again (AES-256-GCM, a random nonce per
 * text): `s1:` + base64url(nonce, tag, ciphertext).
 */
export class SealedBox {
  constructor(private readonly key: Buffer) {}

  static isSealed(text: string): boolean {
    return text.startsWith(PREFIX);
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /** The text, or null when it was not sealed with this key (or was altered). */
  open(sealed: string): string | null {
    if (!SealedBox.isSealed(sealed)) return null;
    const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString();
    } catch {
      return null;
    }
  }
}

import { createHmac } from "node:crypto";
import { CODE_DIGEST_PREFIX, isDigest, maskCode, type PresentedCode } from "@igp/ledger";
import { deriveKey, SealedBox } from "../security/sealed-box.ts";
import { newCode } from "./codes.ts";

/** A new request's code: the code for its owner, and what the request keeps of it. */
export interface IssuedCode {
  plain: string;
  /** The keyed digest the request stores and approvals are checked against. */
  stored: string;
  /** What staff see. */
  codeHint: string;
  /** The code encrypted so that only its owner's lists show it again. */
  sealedCode: string;
}

/**
 * Deposit and withdraw codes are secrets between a player and the agent they hand them to: the
 * server keeps a keyed digest (HMAC-SHA256), a masked hint for staff, and an AES-256-GCM sealed
 * copy for the owner. The two keys are derived from one configured secret (CODE_SECRET).
 */
export class RequestCodes {
  private readonly digestKey: Buffer;
  private readonly box: SealedBox;

  constructor(secret: string) {
    this.digestKey = deriveKey(secret, "request-code digest");
    this.box = new SealedBox(deriveKey(secret, "request-code seal"));
  }

  issue(): IssuedCode {
    const plain = newCode();
    return {
      plain,
      stored: this.digest(plain),
      codeHint: maskCode(plain),
      sealedCode: this.box.seal(plain),
    };
  }

  /** A code as typed by staff (codes are upper case), ready to be checked by the ledger. */
  present(typed: string): PresentedCode {
    const plain = typed.trim().toUpperCase();
    return { plain, digest: this.digest(plain) };
  }

  /** The code to show its owner, from a request's stored form and sealed copy. */
  reveal(stored: string, sealed: string | null): string | null {
    if (!isDigest(stored)) return stored; // made before digests: the stored form is the code
    // Null when sealed under another secret: the owner can no longer be shown it.
    return sealed ? this.box.open(sealed) : null;
  }

  digest(plain: string): string {
    const mac = createHmac("sha256", this.digestKey).update(plain).digest("base64url");
    return `${CODE_DIGEST_PREFIX}${mac}`;
  }
}

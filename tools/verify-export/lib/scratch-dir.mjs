// A directory of the verifier's own under the system's temporary directory, made when its first
// file is named and removed with everything in it by `close`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export class ScratchDir {
  #dir = null;

  /** The path of a file in the directory (made now if it is not yet). */
  file(name) {
    this.#dir ??= mkdtempSync(path.join(tmpdir(), "verify-export-"));
    return path.join(this.#dir, name);
  }

  close() {
    if (this.#dir) rmSync(this.#dir, { recursive: true, force: true });
    this.#dir = null;
  }
}

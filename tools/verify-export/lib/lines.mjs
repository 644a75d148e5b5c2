// Reading the export's files: their lines, and the SHA-256 of a file's compressed bytes as read
// (what the manifest names), without a second pass over it.
import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/** A text stream's lines parsed as JSON, a batch per chunk (an error rejects the iteration). */
export async function* jsonLines(stream, parse = JSON.parse) {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of stream) {
    const lines = (rest + decoder.write(chunk)).split("\n");
    rest = lines.pop();
    const batch = [];
    for (const line of lines) if (line) batch.push(parse(line));
    if (batch.length > 0) yield batch;
  }
  rest += decoder.end();
  if (rest) yield [parse(rest)];
}

/** A pass-through stream that hashes what goes through it; `digest()` once it has all gone. */
export function hashingTap() {
  const hash = createHash("sha256");
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { tap, digest: () => hash.digest("hex") };
}

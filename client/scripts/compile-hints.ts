import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+): every function of the file compiled at once. */
const ALL_FUNCTIONS = "//# allFunctionsCalledOnLoad\n";

/** The compressed copies the build keeps beside each file (vite.config.ts), made again. */
const COPIES: [string, (code: string) => Buffer][] = [
  [".br", (code) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
  [".gz", (code) => gzipSync(code, { level: constants.Z_BEST_COMPRESSION })],
];

/**
 * Marks the first download (the `app` chunk: React, the router, i18next, the layout), whose code
 * nearly all runs as a page loads, for eager compilation: V8 then compiles it on a background
 * thread as it streams in, instead of function by function on the main thread as each is first
 * called. On a lottery's page (Slow 4G, CPU x4) the main thread's time in that chunk went from
 * 330-377 to 175-297 ms. Other browsers read the line as a comment. The line must open the file,
 * and the minifier drops comments: it is written last, after Vite's own first lines, and the
 * chunk's compressed copies, made by then, are made again.
 */
export function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const app = Object.values(bundle).find(
          (file) => file.type === "chunk" && file.name === "app",
        );
        if (!app || app.type !== "chunk") return this.error("no app chunk to mark");
        app.code = ALL_FUNCTIONS + app.code;
        for (const [extension, compress] of COPIES) {
          const copy = bundle[app.fileName + extension];
          if (copy?.type === "asset") copy.source = compress(app.code);
        }
      },
    },
  };
}

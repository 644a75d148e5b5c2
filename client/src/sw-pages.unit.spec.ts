import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./sw-pages.ts";

const HEAD = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-2.js">
    <link rel="stylesheet" crossorigin href="/assets/style-3.css">
    <link rel="modulepreload" crossorigin href="/assets/lottery-4.js">
  </head>`;
const BODY = `<body><div id="root"><p>Tickets</p></div>
  <p>A page may say &lt;link rel="modulepreload"&gt; in its text.</p>
  <link rel="modulepreload" href="/assets/in-body-5.js"></body></html>`;

/** The page as the worker serves it, sent in pieces cut at `cuts` (offsets into the text). */
async function served(page: string, cuts: number[], mark?: string): Promise<string> {
  const bytes = new TextEncoder().encode(page);
  const ends = [...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      ends.reduce((start, end) => {
        controller.enqueue(bytes.slice(start, end));
        return end;
      }, 0);
      controller.close();
    },
  });
  return new Response(withoutModulePreloads(body, mark)).text();
}

describe("a page served by the worker (withoutModulePreloads)", () => {
  const page = HEAD + BODY;
  const expected = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-3.css">
    </head>${BODY}`;

  it("has no module preloads in its head; the rest is as sent", async () => {
    expect(await served(page, [])).toBe(expected);
  });

  it("is the same however the network cuts it, mid-tag and mid-character included", async () => {
    const amharic = page.replace("Tickets", "ቲኬቶች");
    const want = expected.replace("Tickets", "ቲኬቶች");
    const length = new TextEncoder().encode(amharic).length;
    for (let cut = 1; cut < length; cut += 7) {
      expect(await served(amharic, [cut, Math.min(cut + 3, length - 1)])).toBe(want);
    }
  });

  it("a kept page has its mark at its head's end, however the network cuts it", async () => {
    const mark = '<meta name="igp-kept-at" content="1764370000000">';
    const want = expected.replace("</head>", `${mark}</head>`);
    for (const cut of [0, 5, HEAD.length - 4, HEAD.length + 3])
      expect(await served(page, cut ? [cut] : [], mark)).toBe(want);
    expect(await served(HEAD.replace("</head>", ""), [40], mark)).toMatch(/>\s*<meta[^>]+>$/);
  });

  it("without a head's end (a page cut short), still drops the preloads", async () => {
    expect(await served(HEAD.replace("</head>", ""), [40])).not.toContain("modulepreload");
  });
});

import { describe, expect, it } from "vitest";
import { symbolsOutsideFonts } from "./page-symbols.ts";

describe("the symbols a built page paints outside the site's fonts", () => {
  it("finds a symbol of the page's text and of its stylesheet's generated content", () => {
    const html = `<html><head><title>☰ not painted</title></head><body>
      <button aria-label="Menu">☰</button><p>Play money ETB 1,000.00 – “won” … · አማርኛ Éthiopie</p>
      <script>const arrow = "→";</script></body></html>`;
    const css = `.menu::before { content: "◆"; } .note::after { content: ' – '; }`;
    expect(symbolsOutsideFonts(html, css)).toEqual(["☰", "◆"]);
  });

  it("finds nothing on a page of Latin and Ethiopic text with drawn icons", () => {
    const html = `<body><button><svg aria-hidden="true"><path d="M2 3h12"/></svg></button>
      <span lang="am">አማ</span> Back to the lobby</body>`;
    expect(symbolsOutsideFonts(html)).toEqual([]);
  });
});

/**
 * The characters a built page paints that no face of the site's stack has
 * (src/styles/tokens.css --font-sans: Latin and its punctuation, Ethiopic): for each, the
 * browser searches the device's fonts as it first lays out the page, about 35 ms each on a slow
 * phone before the first paint (docs/first-load.md). Icons are drawn instead
 * (src/components/ui/icons.tsx). Read: the text of the page's body, and the `content` of the
 * stylesheet's rules.
 */
export function symbolsOutsideFonts(html: string, css = ""): string[] {
  const body = html.slice(Math.max(0, html.indexOf("<body")));
  const text = body
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]*>/g, " ");
  const generated = [...css.matchAll(/content:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g)]
    .map(([, value]) => value)
    .join(" ");
  const outside = [...`${text} ${generated}`].filter((character) => !IN_FONTS.test(character));
  return [...new Set(outside)];
}

/** Latin (with Latin-1 and Extended-A and B), the punctuation the texts use, and Ethiopic. */
const IN_FONTS =
  /[\s\u0020-\u024f\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u1200-\u139f\u2d80-\u2ddf\uab00-\uab2f]/u;

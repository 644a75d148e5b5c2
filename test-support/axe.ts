import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const WCAG_2_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's serious and critical WCAG 2 A/AA violations on the page, one line per element: rule,
 * element, what it asks. axe goes in through `page.evaluate` of its source: DevTools' own
 * evaluation, which the page's Content-Security-Policy does not bind (a <script> tag would be
 * refused as inline, and bypassCSP would test a page without the policy it really runs under).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const options = { runOnly: { type: "tag", values: WCAG_2_A_AA }, resultTypes: ["violations"] };
  // A string, so that tsx's helpers do not leak into the page.
  const violations = (await page.evaluate(
    `axe.run(document, ${JSON.stringify(options)}).then((results) => results.violations)`,
  )) as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")}: ${violation.help}`,
      ),
    );
}

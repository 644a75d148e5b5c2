import { describe, expect, it } from "vitest";
import { ledgerExportQuerySchema } from "./ledger-explorer.ts";
import { REPORT_MESSAGES, reportRangeSchema } from "./reports.ts";

/** The export button's days, and every range of days: a day that does not exist is refused. */
describe("the export's days", () => {
  const problem = (query: unknown) => ledgerExportQuerySchema.safeParse(query).error?.issues[0];

  it("takes the whole ledger, an open end or start, or a range in order", () => {
    expect(ledgerExportQuerySchema.parse({})).toEqual({});
    expect(ledgerExportQuerySchema.parse({ to: "2026-02-01" })).toEqual({ to: "2026-02-01" });
    expect(ledgerExportQuerySchema.parse({ from: "2026-02-01", to: "2026-02-01" })).toBeTruthy();
  });

  it("refuses a reversed range and days that do not exist, without throwing", () => {
    expect(problem({ from: "2026-02-02", to: "2026-02-01" })?.message).toBe(
      REPORT_MESSAGES.reversed,
    );
    for (const day of ["2026-13-01", "2026-02-30", "2026-00-10", "26-01-01"])
      expect(problem({ from: day })?.message, day).toBe(REPORT_MESSAGES.notDay);
    expect(reportRangeSchema.safeParse({ from: "2026-13-01", to: "2026-13-02" }).success).toBe(
      false,
    );
  });
});

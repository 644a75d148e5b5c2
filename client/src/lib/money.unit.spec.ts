import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.ts";

describe("formatMoney", () => {
  it("writes the currency and two decimals, in each language and currency it is asked for", () => {
    expect(formatMoney(1234.5, "en")).toBe("ETB\u00a01,234.50");
    expect(formatMoney(0, "en")).toBe("ETB\u00a00.00");
    // (A no-break space after the code.) Its formatters are kept per language and currency: one does not answer for another.
    expect(formatMoney(5, "en", "USD")).toBe("$5.00");
    expect(formatMoney(5, "en")).toBe("ETB\u00a05.00");
    const amharic = formatMoney(1234.5, "am");
    expect(amharic).toBe(
      new Intl.NumberFormat("am-ET", {
        style: "currency",
        currency: "ETB",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(1234.5),
    );
    expect(amharic).not.toBe(formatMoney(1234.5, "en"));
  });
});

/** Amounts arrive in major units with at most 2 decimals; shown with the currency, 2 decimals. */
export function formatMoney(amount: number, locale: string, currency = "ETB"): string {
  return new Intl.NumberFormat(locale === "am" ? "am-ET" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

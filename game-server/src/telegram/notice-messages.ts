import type { MoneyNotice } from "@igp/shared";

/** The money notices sent to Telegram: money that reached the player. */
export const TELEGRAM_NOTICE_KINDS = new Set<MoneyNotice["kind"]>([
  "depositApproved",
  "withdrawalPaid",
  "lotteryWon",
]);

/** A money notice as a bot message (plain text, in the player site's words). */
export function noticeMessage(notice: MoneyNotice, currency: string): string | null {
  // A plain space after the currency, as a chat message is read (Intl puts a no-break space).
  const amount = new Intl.NumberFormat("en", { style: "currency", currency })
    .format(notice.amount)
    .replace(/\u00a0/g, " ");
  switch (notice.kind) {
    case "depositApproved":
      return `Your deposit of ${amount} was approved. It is in your balance: good luck!`;
    case "withdrawalPaid":
      return notice.reference
        ? `Your withdrawal of ${amount} was paid to your ${notice.method} account (payment reference ${notice.reference}).`
        : `Your withdrawal of ${amount} was paid.`;
    case "lotteryWon": {
      const lottery = notice.lottery;
      const awards = lottery?.awards.filter(Boolean) ?? [];
      const prize = [notice.amount > 0 ? amount : null, ...awards].filter(Boolean).join(" and ");
      return `You won ${prize} in the lottery ${lottery?.title ?? ""}!`.replace(" !", "!");
    }
    default:
      return null;
  }
}

import { type MoneyNotice, withdrawViaAgent } from "@igp/shared";
import type { TFunction } from "i18next";

export type NoticeTone = "success" | "danger" | "info";

/** A money notice in words: its title and sentence in the current language, and its colour. */
export function moneyNoticeText(
  t: TFunction,
  money: (amount: number) => string,
  notice: MoneyNotice,
): { title: string; text: string; tone: NoticeTone } {
  const amount = money(notice.amount);
  const key = `money.notices.${notice.kind}`;
  const say = (sentence: string, values: Record<string, string> = {}) =>
    t(`${key}.${sentence}`, { amount, ...values });
  const title = t(`${key}.title`);
  switch (notice.kind) {
    case "depositApproved":
      return { title, text: say("text"), tone: "success" };
    case "depositRefused":
      return { title, text: say("text"), tone: "danger" };
    case "withdrawalPaid":
      return {
        title,
        text:
          notice.method && !withdrawViaAgent(notice.method)
            ? say("toBank", { method: notice.method, reference: notice.reference ?? "" })
            : say("byAgent"),
        tone: "success",
      };
    case "withdrawalRefused":
      return { title, text: say("text"), tone: "danger" };
    case "lotteryWon": {
      const lotteryTitle = notice.lottery?.title ?? "";
      const awards = notice.lottery?.awards.join(", ") ?? "";
      const sentence = !awards ? "money" : notice.amount > 0 ? "moneyAndAwards" : "awards";
      return { title, text: say(sentence, { title: lotteryTitle, awards }), tone: "success" };
    }
    case "lotteryLost": {
      const tickets = (notice.lottery?.tickets ?? []).map((n) => `#${n}`).join(", ");
      return {
        title,
        text: say("text", { title: notice.lottery?.title ?? "", tickets }),
        tone: "info",
      };
    }
  }
}

import { MONEY_NOTICE_KINDS, type MoneyNotice } from "@igp/shared";
import { afterAll, describe, expect, it } from "vitest";
import i18n from "./i18n.ts";
import "./money-texts/index.ts";
import { moneyNoticeText } from "./money-notice-text.ts";

const money = (amount: number) => `ETB ${amount.toFixed(2)}`;
const lottery = { code: "ABCDEFGH", title: "Genna Lottery", tickets: [2, 5], awards: [] };
const notice = (kind: MoneyNotice["kind"], extra: Partial<MoneyNotice> = {}): MoneyNotice => ({
  id: kind,
  kind,
  amount: 120,
  at: 0,
  ...extra,
});

describe("money notices in words", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("say each decision with its amount", () => {
    const text = (n: MoneyNotice) => moneyNoticeText(i18n.t, money, n);
    expect(text(notice("depositApproved"))).toEqual({
      title: "Deposit approved",
      text: "ETB 120.00 is now in your balance.",
      tone: "success",
    });
    expect(text(notice("depositRefused")).text).toBe(
      "Your deposit of ETB 120.00 was not approved.",
    );
    expect(text(notice("withdrawalPaid", { method: "Telebirr", reference: "FT26ABC1" })).text).toBe(
      "ETB 120.00 was sent to your Telebirr account. Payment reference: FT26ABC1.",
    );
    expect(text(notice("withdrawalPaid", { method: "agent" })).text).toBe(
      "The agent paid you ETB 120.00.",
    );
    expect(text(notice("withdrawalRefused")).text).toBe("ETB 120.00 is back in your balance.");
    expect(text(notice("lotteryWon", { lottery })).text).toBe("Genna Lottery: you won ETB 120.00.");
    const phone = { ...lottery, awards: ["Phone"] };
    expect(text(notice("lotteryWon", { amount: 0, lottery: phone })).text).toBe(
      "Genna Lottery: you won Phone.",
    );
    expect(text(notice("lotteryWon", { lottery: phone })).text).toBe(
      "Genna Lottery: you won ETB 120.00 and Phone.",
    );
    expect(text(notice("lotteryLost", { amount: 20, lottery })).text).toBe(
      "Genna Lottery: your tickets #2, #5 (ETB 20.00) did not win this time.",
    );
  });

  it("say every kind in Amharic too, with its amount", async () => {
    await i18n.changeLanguage("am");
    for (const kind of MONEY_NOTICE_KINDS) {
      const { title, text } = moneyNoticeText(
        i18n.t,
        money,
        notice(kind, { lottery, method: "Telebirr", reference: "FT1" }),
      );
      expect(title).toMatch(/\p{Script=Ethiopic}/u);
      expect(text).toMatch(/\p{Script=Ethiopic}/u);
      expect(text).toContain("ETB 120.00");
    }
  });
});

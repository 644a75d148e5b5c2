import { FRAUD_MESSAGES, FRAUD_SIGNAL_KINDS } from "@igp/shared";
import { describe, expect, it } from "vitest";
import gameAm from "../components/rounds/locales/am.json";
import gameEn from "../components/rounds/locales/en.json";
import linkedAm from "../features/admin/linked-accounts/locales/am.json";
import linkedEn from "../features/admin/linked-accounts/locales/en.json";
import adminAm from "../features/admin/locales/am.json";
import adminEn from "../features/admin/locales/en.json";
import fairAm from "../features/fair/locales/am.json";
import fairEn from "../features/fair/locales/en.json";
import fraudAm from "../features/fraud-signals/locales/am.json";
import fraudEn from "../features/fraud-signals/locales/en.json";
import lotteryAm from "../features/lottery/locales/am.json";
import lotteryEn from "../features/lottery/locales/en.json";
import saferAm from "../features/safer-play/locales/am.json";
import saferEn from "../features/safer-play/locales/en.json";
import telegramAm from "../features/telegram/locales/am.json";
import telegramEn from "../features/telegram/locales/en.json";
import moneyAm from "../lib/money-texts/am.json";
import moneyEn from "../lib/money-texts/en.json";
import am from "./am.json";
import en from "./en.json";
import offlineAm from "./offline/am.json";
import offlineEn from "./offline/en.json";

/** Every key of a nested translation object, as dotted paths. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("translations", () => {
  it("give Amharic every interface string English has, and nothing else", () => {
    expect(keys(am.translation).sort()).toEqual(keys(en.translation).sort());
  });

  it("give Amharic the offline notice's texts too (loaded with the notice)", () => {
    expect(keys(offlineAm).sort()).toEqual(keys(offlineEn).sort());
    expect(Object.values(offlineAm).every((text) => /\p{Script=Ethiopic}/u.test(text))).toBe(true);
  });

  it.each([
    ["the coin flip and spin wheel screens", gameEn, gameAm],
    ["the fairness page", fairEn, fairAm],
    ["the back office", adminEn, adminAm],
    ["money notices, withdrawals and revenue", moneyEn, moneyAm],
    [
      "the lottery drawing and live page",
      { lotteryDrawing: lotteryEn.lotteryDrawing, lotteryLive: lotteryEn.lotteryLive },
      { lotteryDrawing: lotteryAm.lotteryDrawing, lotteryLive: lotteryAm.lotteryLive },
    ],
    ["the Telegram Mini App", telegramEn, telegramAm],
    ["'Play responsibly'", saferEn.translation, saferAm.translation],
    ["the fraud signals of approvals", fraudEn.translation, fraudAm.translation],
    ["linked accounts", linkedEn.translation, linkedAm.translation],
  ])("give Amharic the texts of %s too (loaded with them), in Ethiopic", (_, english, amharic) => {
    expect(keys(amharic).sort()).toEqual(keys(english).sort());
    const untranslated = keys(amharic).filter(
      (key) => !/\p{Script=Ethiopic}/u.test(key.split(".").reduce<any>((o, k) => o[k], amharic)),
    );
    expect(untranslated).toEqual([]);
  });

  it("leave no Amharic string empty or still in English", () => {
    const english = new Map(
      keys(en.translation).map((key) => [
        key,
        key.split(".").reduce<any>((o, k) => o[k], en.translation),
      ]),
    );
    const untranslated = keys(am.translation).filter((key) => {
      const text = key.split(".").reduce<any>((o, k) => o[k], am.translation) as string;
      return (
        !text.trim() ||
        (text === english.get(key) && /[a-z]{3}/i.test(text) && !/^(OK|EN)$/.test(text))
      );
    });
    expect(untranslated).toEqual([]);
  });

  it("translate every server sentence about fraud signals, and name every signal kind", () => {
    const english = [
      ...Object.values(FRAUD_MESSAGES),
      "Another approval of this reference is under way.",
    ];
    for (const sentence of english) {
      expect(Object.keys(fraudEn.messages)).toContain(sentence);
      expect((fraudAm.messages as Record<string, string>)[sentence]).toMatch(
        /\p{Script=Ethiopic}/u,
      );
    }
    expect(Object.keys(fraudEn.translation.fraudSignals.kinds).sort()).toEqual(
      [...FRAUD_SIGNAL_KINDS].sort(),
    );
  });

  it("translate every server sentence of safer play (sent with 'Play responsibly' and the games)", async () => {
    const shared = await import("@igp/shared");
    const english = [
      shared.limitReachedMessage("lossDay", 1_500, 500),
      shared.limitReachedMessage("depositMonth", 1_500, 500),
      shared.limitReachedMessage("stakePerRound", 1_500, 1_500),
      shared.SAFER_PLAY_MESSAGES.timedOut("2026-11-27T09:30:00.000Z"),
      shared.SAFER_PLAY_MESSAGES.selfExcluded(null),
      shared.SAFER_PLAY_MESSAGES.notConfirmedAge,
      shared.AGE_NOT_CONFIRMED,
    ];
    const templates = english.map((text) => {
      let n = 0;
      return text.replace(/\d+(?:\.\d+)?/g, () => `{{${n++}}}`);
    });
    for (const [i, text] of english.entries()) {
      const translated =
        saferAm.messages[text as keyof typeof saferAm.messages] ??
        saferAm.messages[templates[i] as keyof typeof saferAm.messages];
      expect(translated, text).toMatch(/\p{Script=Ethiopic}/u);
    }
  });

  it("translate the server's answers about an Idempotency-Key (a lost answer retried too long)", async () => {
    const { IDEMPOTENCY_MESSAGES } = await import("@igp/shared");
    for (const sentence of Object.values(IDEMPOTENCY_MESSAGES))
      expect(am.messages[sentence as keyof typeof am.messages], sentence).toMatch(
        /\p{Script=Ethiopic}/u,
      );
  });

  it("translate the specs' validation messages", () => {
    for (const message of [
      "Phone or Email is required.",
      "Passwords do not match.",
      "Please fill all fields.",
    ]) {
      expect(am.messages[message as keyof typeof am.messages]).toMatch(/\p{Script=Ethiopic}/u);
    }
  });
});

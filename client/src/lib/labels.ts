import { AGENT_DEPOSIT_METHOD, AGENT_WITHDRAW_METHOD } from "@igp/shared";
import type { TFunction } from "i18next";

/*
 * Words the API sends as data (a game's type, a fixed payment method) said in the interface's
 * language. Names people chose, like a bank's, stay as they are.
 */

const GAME_TITLES: Record<string, string> = {
  "coin-flip": "games.coinFlip",
  "spin-wheel": "games.spinWheel",
  lottery: "games.lottery",
};

/** 'Coin Flip' for coin-flip, in the current language. */
export const gameTitle = (t: TFunction, type: string) =>
  GAME_TITLES[type] ? t(GAME_TITLES[type]) : type;

const METHODS: Record<string, string> = {
  [AGENT_DEPOSIT_METHOD]: "wallet.methods.agentDeposit",
  [AGENT_WITHDRAW_METHOD]: "wallet.methods.agent",
};

/** A deposit or withdrawal method: the agent ones translated, a bank's name as it is. */
export const methodLabel = (t: TFunction, method: string) =>
  METHODS[method] ? t(METHODS[method]) : method;

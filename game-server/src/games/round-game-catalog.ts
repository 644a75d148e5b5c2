import type { RoundGameType } from "@igp/shared";
import { coinFlip } from "./coin-flip/coin-flip.game.ts";
import type { AnyRoundGameDefinition } from "./round-kernel/round-game-definition.ts";
import { spinWheel } from "./spin-wheel/spin-wheel.game.ts";

/**
 * Every round game the platform runs, one line each: the platform gives each its lifecycle,
 * realtime its room type, HTTP its routes (in this order, which the OpenAPI document follows).
 */
export const ROUND_GAMES: readonly AnyRoundGameDefinition[] = [coinFlip, spinWheel];

export function roundGameOf(type: RoundGameType): AnyRoundGameDefinition {
  return ROUND_GAMES.find((game) => game.rules.type === type)!;
}

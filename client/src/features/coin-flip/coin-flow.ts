import type { CoinMessage, CoinSide } from "@igp/shared";
import { gameFlowMachine } from "../../lib/rounds/game-flow-machine.ts";

/** The shared round flow for coin flip: the choice is a side, the result the `coin` message. */
export const coinFlow = gameFlowMachine<CoinSide, CoinMessage>();

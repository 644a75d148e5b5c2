import type { RoundGameType } from "@igp/shared";
import type { RoundLifecycle } from "./round-lifecycle.ts";

/** Every round game's lifecycle by type: what recovery, the lobby and the table lists go through. */
// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own game's seat and outcome
export type RoundGames = Record<RoundGameType, RoundLifecycle<any, any>>;

import { type AuthContext, type Client, Room } from "@colyseus/core";
import { MapSchema, schema, t } from "@colyseus/schema";
import { minorToMajor } from "@igp/shared";
import type { RegisteredRound, RoundRegistry } from "../games/round-registry.ts";
import { LOBBY_CHANNEL, type LobbyChange } from "./notifications.ts";
import type { RoomAuth } from "./room-auth.ts";
import { answerUnknown } from "./room-messages.ts";

export const LobbyRound = schema(
  {
    code: t.string(),
    type: t.string(),
    side: t.string(),
    betAmount: t.number(),
    players: t.number(),
    /** Epoch milliseconds: the countdown's end. */
    deadline: t.number(),
    createdBy: t.string(),
  },
  "LobbyRound",
);

export const LobbyState = schema({ rounds: t.map(LobbyRound) }, "LobbyState");
export type LobbyState = InstanceType<typeof LobbyState>;

const SWEEP_MS = 5_000;

/**
 * The live list of public rounds waiting for a second player, keyed by code. Rounds announce
 * themselves on the lobby channel; a periodic sweep drops any whose countdown ended.
 */
export function lobbyRoom(deps: { registry: RoundRegistry; auth: RoomAuth }) {
  return class LobbyRoom extends Room<{ state: LobbyState }> {
    override state = new LobbyState({ rounds: new MapSchema() });
    override patchRate = 250;
    private readonly onChange = (change: LobbyChange) => void this.apply(change);

    override async onCreate() {
      await this.presence.subscribe(LOBBY_CHANNEL, this.onChange);
      this.onMessage("*", (client, type) => answerUnknown(client, type));
      for (const round of await deps.registry.waitingPublic("coin-flip")) this.show(round);
      this.clock.setInterval(() => this.sweep(), SWEEP_MS);
    }

    override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
      return deps.auth(context.token);
    }

    override onDispose() {
      this.presence.unsubscribe(LOBBY_CHANNEL, this.onChange);
    }

    private async apply(change: LobbyChange) {
      if (change.op === "remove") return void this.state.rounds.delete(change.code);
      const round = await deps.registry.byCode(change.code);
      if (round?.status === "waiting" && round.access === "public") this.show(round);
    }

    private show(round: RegisteredRound) {
      this.state.rounds.set(
        round.code,
        new LobbyRound({
          code: round.code,
          type: round.game,
          side: round.players[0]?.selectedSide ?? "",
          betAmount: minorToMajor(round.betAmount),
          players: round.players.length,
          deadline: Date.parse(round.deadline),
          createdBy: round.createdBy,
        }),
      );
    }

    private sweep() {
      const now = Date.now();
      for (const [code, round] of this.state.rounds) {
        if (round.deadline <= now) this.state.rounds.delete(code);
      }
    }
  };
}

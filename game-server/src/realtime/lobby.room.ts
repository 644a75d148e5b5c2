import { type AuthContext, type Client, Room } from "@colyseus/core";
import { ArraySchema, MapSchema, schema, t } from "@colyseus/schema";
import type { RoundGames } from "../games/round-kernel/round-games.ts";
import type { RegisteredRound, RoundRegistry } from "../games/round-kernel/round-registry.ts";
import { lobbyRowOf } from "./lobby-listing.ts";
import { LOBBY_CHANNEL, type LobbyChange } from "./notifications.ts";
import type { RoomAuth } from "./room-auth.ts";
import { answerUnknown, keepSeat } from "./room-messages.ts";

export const LobbyRound = schema(
  {
    code: t.string(),
    /** coin-flip | spin-wheel */
    type: t.string(),
    /** Coin flip: the creator's side; empty for spin wheel. */
    side: t.string(),
    // Amounts in major units as float64: `t.number()` sends a value as float32 whenever that
    // loses less than 1e-4 (7.2 would arrive as 7.199999809265137).
    betAmount: t.float64(),
    /** The most a player joining now can win (lobbyRoundSchema). */
    winUpTo: t.float64(),
    players: t.number(),
    /** Epoch milliseconds: the countdown's end. */
    deadline: t.number(),
    createdBy: t.string(),
    /** Spin wheel: the numbers held; empty for coin flip. */
    heldNumbers: t.array("number"),
  },
  "LobbyRound",
);

export const LobbyState = schema({ rounds: t.map(LobbyRound) }, "LobbyState");
export type LobbyState = InstanceType<typeof LobbyState>;

const SWEEP_MS = 5_000;

/**
 * The live list of public rounds of every game that a player can still join, keyed by code.
 * Rounds announce themselves on the lobby channel; a periodic sweep drops any whose countdown
 * ended. Announcements (`gameLockedSpin`) are passed on to everyone here.
 */
export function lobbyRoom(deps: {
  registry: RoundRegistry;
  games: RoundGames;
  auth: RoomAuth;
  reconnectGraceSeconds: number;
}) {
  return class LobbyRoom extends Room<{ state: LobbyState }> {
    override state = new LobbyState({ rounds: new MapSchema() });
    override patchRate = 250;
    private readonly onChange = (change: LobbyChange) => void this.apply(change);

    override async onCreate() {
      await this.presence.subscribe(LOBBY_CHANNEL, this.onChange);
      this.onMessage("*", (client, type) => answerUnknown(client, type));
      for (const round of await deps.registry.openPublic()) this.show(round);
      this.clock.setInterval(() => this.sweep(), SWEEP_MS);
    }

    override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
      return deps.auth(context);
    }

    override onDrop(client: Client) {
      keepSeat(this, client, deps.reconnectGraceSeconds);
    }

    override onDispose() {
      this.presence.unsubscribe(LOBBY_CHANNEL, this.onChange);
    }

    private async apply(change: LobbyChange) {
      if (change.op === "announce") return this.broadcast(change.type, change.payload);
      if (change.op === "remove") return void this.state.rounds.delete(change.code);
      const round = await deps.registry.byCode(change.code);
      if (round) this.show(round);
    }

    private show(round: RegisteredRound) {
      const row = lobbyRowOf(round, deps.games);
      if (!row) return void this.state.rounds.delete(round.code);
      this.state.rounds.set(
        round.code,
        new LobbyRound({ ...row, heldNumbers: new ArraySchema(...row.heldNumbers) }),
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

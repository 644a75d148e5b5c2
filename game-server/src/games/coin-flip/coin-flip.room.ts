import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import { minorToMajor, NO_PLAYER_JOINED } from "@igp/shared";
import { type Actor, createActor, fromPromise } from "xstate";
import type { Notifications } from "../../realtime/notifications.ts";
import type { RoomAuth, RoomUser } from "../../realtime/room-auth.ts";
import { answerUnknown } from "../../realtime/room-messages.ts";
import { coinFlipGameView, type RegisteredRound } from "../round-registry.ts";
import { coinFlipMachine } from "./coin-flip.machine.ts";
import { GAME_FULL, GAME_OVER, type SettledFlip } from "./coin-flip.rules.ts";
import { CoinFlipState, playersSchema } from "./coin-flip.state.ts";
import { type CoinFlipRounds, GameError } from "./coin-flip-rounds.ts";

export interface CoinFlipRoomDeps {
  rounds: CoinFlipRounds;
  auth: RoomAuth;
  notifications: () => Notifications;
  startNoticeMs: number;
  log: (message: string, error?: unknown) => void;
}

export type JoinOutcome =
  | { ok: true; game: ReturnType<typeof coinFlipGameView> }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * One coin flip round (roomId = the round's code). Created by the server only, never by a
 * client: by the create routes once the creator's stake is in, or by recovery after a restart.
 * Clients join to watch (state + the `coin` message); joining the round itself is the
 * `/api/game/coin-flip/join` route, which calls `join` here (the room writes its round).
 */
export function coinFlipRoom(deps: CoinFlipRoomDeps) {
  return class CoinFlipRoom extends Room<{
    state: CoinFlipState;
    client: Client<{ auth: RoomUser }>;
  }> {
    override state = new CoinFlipState();
    override autoDispose = false;
    /** State changes a few times a round; 10 patches a second is plenty (and 2x cheaper). */
    override patchRate = 100;
    private round!: RegisteredRound;
    private actor!: Actor<typeof coinFlipMachine>;

    override async onCreate(options: { roundId: string }) {
      const loaded = await deps.rounds.reload(options.roundId);
      if (!loaded) throw new ServerError(404, "Round not found.");
      this.round = loaded.round;
      this.roomId = this.round.code;
      await this.setPrivate(true);
      if (loaded.money.status !== "open") throw new ServerError(410, "This game is over.");
      this.showRound();
      this.onMessage("*", (client, type) => answerUnknown(client, type));
      this.actor = this.startMachine();
      if (this.round.access === "public" && this.round.status === "waiting")
        deps.notifications().lobbyChanged({ op: "upsert", code: this.round.code });
    }

    override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
      return deps.auth(context.token);
    }

    override onDispose() {
      this.actor?.stop();
    }

    /** Called by the join route (through matchMaker.remoteRoomCall): stake, then start. */
    async join(userId: string, clientSeed: string): Promise<JoinOutcome> {
      if (!this.actor?.getSnapshot().matches("waiting"))
        return { ok: false, status: 409, message: this.whyClosed() };
      this.actor.send({ type: "JOIN_STARTED" });
      try {
        this.round.players = await deps.rounds.join(this.round, userId, clientSeed);
      } catch (error) {
        this.actor.send({ type: "JOIN_FAILED" });
        if (error instanceof GameError)
          return { ok: false, status: error.status, message: error.message };
        throw error;
      }
      this.round.status = "player-joined";
      this.showRound();
      deps.notifications().lobbyChanged({ op: "remove", code: this.round.code });
      this.actor.send({ type: "JOINED" });
      return { ok: true, game: coinFlipGameView(this.round) };
    }

    private startMachine() {
      const machine = coinFlipMachine.provide({
        actors: {
          settle: fromPromise(() => deps.rounds.settle(this.round)),
          expire: fromPromise(() => deps.rounds.expire(this.round)),
        },
        actions: {
          announceStart: ({ context }) => {
            this.state.startsAt = context.startsAt ?? 0;
          },
          announceResult: (_, result) => void this.announceResult(result),
          announceExpiry: () => this.announceExpiry(),
          reportFailure: (_, error) => deps.log(`Round ${this.round.code}: retrying.`, error),
        },
      });
      const actor = createActor(machine, {
        input: {
          deadline: Date.parse(this.round.deadline),
          resumeAt: this.round.players.length >= 2 ? "flipping" : "waiting",
          startNoticeMs: deps.startNoticeMs,
        },
        clock: {
          setTimeout: (fn, ms) => this.clock.setTimeout(fn, ms),
          clearTimeout: (delayed) => (delayed as { clear(): void } | undefined)?.clear(),
        },
      });
      actor.subscribe((snapshot) => {
        this.state.phase = String(snapshot.value);
      });
      actor.start();
      return actor;
    }

    private async announceResult(result: SettledFlip) {
      const { outcome, serverSeed } = result;
      this.round = { ...this.round, status: "finished", outcome, serverSeed };
      this.showRound();
      this.state.winner = result.winner;
      this.state.payout = minorToMajor(result.payout);
      const previous = await deps.rounds.registry.lastOutcomes("coin-flip", this.round.roundId);
      this.broadcast("coin", {
        coin: result.outcome,
        game: coinFlipGameView(this.round),
        previousWinningCoins: previous,
        payout: minorToMajor(result.payout),
        winner: result.winner,
      });
      this.disposeSoon();
    }

    private announceExpiry() {
      this.round.status = "expired";
      this.showRound();
      const notifications = deps.notifications();
      notifications.lobbyChanged({ op: "remove", code: this.round.code });
      notifications.toUser(this.round.createdBy, "noPlayerJoined", {
        code: this.round.code,
        message: NO_PLAYER_JOINED,
      });
      this.broadcast("noPlayerJoined", { code: this.round.code, message: NO_PLAYER_JOINED });
      this.disposeSoon();
    }

    /** Keep the room a little for late viewers, then free it (clients read the API after). */
    private disposeSoon() {
      this.clock.setTimeout(() => this.disconnect(), 60_000);
    }

    private whyClosed(): string {
      const phase = this.state.phase;
      if (phase === "finished" || phase === "expired" || phase === "flipping") return GAME_OVER;
      return GAME_FULL;
    }

    private showRound() {
      const round = this.round;
      Object.assign(this.state, {
        code: round.code,
        access: round.access,
        status: round.status,
        betAmount: minorToMajor(round.betAmount),
        createdBy: round.createdBy,
        createdAt: Date.parse(round.createdAt),
        deadline: Date.parse(round.deadline),
        commitment: round.commitment,
        outcome: round.outcome ?? "",
        serverSeed: round.status === "finished" ? (round.serverSeed ?? "") : "",
      });
      this.state.players = playersSchema(round.players);
    }
  };
}

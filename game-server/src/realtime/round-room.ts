import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import type { Schema } from "@colyseus/schema";
import type { JsonValue } from "@igp/ledger";
import { minorToMajor, NO_PLAYER_JOINED } from "@igp/shared";
import { type Actor, createActor } from "xstate";
import type { z } from "zod";
import { type RoundHooks, roomRoundMachine } from "../games/round-kernel/round.machine.ts";
import type { RoundFailover } from "../games/round-kernel/round-failover.ts";
import { GAME_OVER, GameError, type Seat } from "../games/round-kernel/round-game.ts";
import type { RoundGameDefinition } from "../games/round-kernel/round-game-definition.ts";
import type { RoundLifecycle, Settled } from "../games/round-kernel/round-lifecycle.ts";
import type { RegisteredRound } from "../games/round-kernel/round-registry.ts";
import type { RoundStateFields } from "../games/round-kernel/round-state.ts";
import type {
  GameTable,
  Refusal,
  RoundResult,
  RoundTable,
} from "../games/round-kernel/round-table.ts";
import type { Notifications } from "./notifications.ts";
import type { RoomAuth, RoomUser } from "./room-auth.ts";
import { answerUnknown, keepSeat, refuse } from "./room-messages.ts";

export interface RoundRoomDeps<S extends Seat, O extends JsonValue> {
  rounds: RoundLifecycle<S, O>;
  auth: RoomAuth;
  notifications: () => Notifications;
  /** Leases: this process holds the round while its room runs here (issue 15, failover). */
  failover: RoundFailover;
  startNoticeMs: number;
  /** Seconds a dropped client may take to come back (0: none). */
  reconnectGraceSeconds: number;
  log: (message: string, error?: unknown) => void;
}

type PlayerClient = Client<{ auth: RoomUser }>;

/**
 * The room type of one round game: every round of it is a room (roomId = the round's code) that
 * runs the game's table (its definition) on the round kernel. Created by the server only (the
 * create routes, recovery), never by a client.
 */
export function roundRoom<
  S extends Seat,
  O extends JsonValue,
  State extends Schema & RoundStateFields,
  J,
  V,
>(definition: RoundGameDefinition<S, O, State, J, V, unknown, unknown>, deps: RoundRoomDeps<S, O>) {
  return class extends RoundRoom<S, O, State, J, V> {
    override state = definition.newState();
    protected readonly deps = deps;
    protected readonly table = definition.openTable(this.tableView());
  };
}

/**
 * What every round room does: load the round from its stream, check the bearer token, validate
 * client messages, run the round machine on the room's clock, take seats through the round's
 * lifecycle, give the start notice, announce the expiry, keep the lobby told. Its game's table
 * (round-table.ts) adds the seats, the join rule and the result message.
 */
abstract class RoundRoom<
  S extends Seat,
  O extends JsonValue,
  State extends Schema & RoundStateFields,
  J,
  V,
> extends Room<{ state: State; client: PlayerClient }> {
  override autoDispose = false;
  /** State changes a few times a round; 10 patches a second is plenty. */
  override patchRate = 100;
  protected round!: RegisteredRound<S, O>;
  protected actor!: Actor<typeof roomRoundMachine>;
  private holding = false;
  /**
   * Joins whose stake is being taken: the room's phase is `joining` while there are any (the
   * tables refuse or hold seats on it). The state shows the machine's own state only, so that a
   * join costs every watcher no patch of its own before the one that shows its seat.
   */
  private joinsInFlight = 0;
  /** The result as announced: a player who joins or reconnects after it is sent it too. */
  private result: RoundResult | null = null;

  protected abstract readonly deps: RoundRoomDeps<S, O>;
  protected abstract readonly table: GameTable<S, O, J, V>;

  override async onCreate(options: { roundId: string }) {
    const loaded = await this.deps.rounds.reload(options.roundId);
    if (!loaded) throw new ServerError(404, "Round not found.");
    this.round = loaded.round;
    this.roomId = this.round.code;
    await this.setPrivate(true);
    if (loaded.money.status !== "open") throw new ServerError(410, GAME_OVER);
    if (!(await this.deps.failover.hold(this.round.roundId, this)))
      throw new ServerError(409, "This round is running in another process.");
    this.holding = true;
    this.showRound();
    for (const [type, { schema, handle }] of Object.entries(this.table.messages ?? {}))
      this.onValid(type, schema, (client, message) => handle(client.auth!.id, message));
    this.onMessage("leave", (client) => this.creatorLeaves(client));
    this.onMessage("*", (client, type) => answerUnknown(client, type));
    this.actor = this.startMachine();
    this.tellLobby();
  }

  override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
    return this.deps.auth(context);
  }

  override onJoin(client: PlayerClient) {
    this.sendResult(client);
  }

  /** Back after a drop, perhaps having missed the result (its screen would wait for it). */
  override onReconnect(client: PlayerClient) {
    this.sendResult(client);
  }

  private sendResult(client: PlayerClient) {
    if (this.result) client.send(this.result.type, this.result.message);
  }

  /** A dropped player keeps its seat (and spin picks) for the grace period, then leaves. */
  override onDrop(client: PlayerClient) {
    keepSeat(this, client, this.deps.reconnectGraceSeconds);
  }

  /** The table hears of a player once its last client (tab) has left. */
  override onLeave(client: PlayerClient) {
    const userId = client.auth?.id;
    const stillHere = this.clients.some((other) => other.auth?.id === userId);
    if (userId && !stillHere) this.table.left?.(userId);
  }

  override onDispose() {
    this.actor?.stop();
    if (this.holding) this.deps.failover.letGo(this.round.roundId);
  }

  /**
   * Called by the join route (through matchMaker.remoteRoomCall, in whichever process holds the
   * room): the table seats the player, or says why not.
   */
  join(userId: string, request: J) {
    return this.table.join(userId, request);
  }

  protected get game() {
    return this.deps.rounds.game;
  }

  /** The room as its table sees it (round-table.ts). */
  protected tableView(): RoundTable<S, O, State> {
    const room = this;
    return {
      get round() {
        return room.round;
      },
      get state() {
        return room.state;
      },
      get phase() {
        return room.phase;
      },
      get seating() {
        return room.seating;
      },
      seat: (seat) => room.seat(seat),
      broadcast: (type, message) => room.broadcastWithPatch(type, message),
      announce: (type, payload) => {
        if (room.round.access === "public")
          room.deps.notifications().lobbyChanged({ op: "announce", type, payload });
      },
    };
  }

  /** A message handler behind its zod schema: a wrong shape is answered, logged and dropped. */
  private onValid<T>(
    type: string,
    schema: z.ZodType<T>,
    handler: (client: PlayerClient, message: T) => string | null,
  ) {
    this.onMessage(type, (client: PlayerClient, message: unknown) => {
      const parsed = schema.safeParse(message);
      const why = parsed.success
        ? handler(client, parsed.data)
        : (parsed.error.issues[0]?.message ?? "Invalid message.");
      if (why) {
        this.deps.log(
          `Round ${this.round.code}: refused "${type}" from ${client.auth?.id}: ${why}`,
        );
        refuse(client, why);
      }
    });
  }

  /**
   * The spec's `leave`: the creator of a round nobody else has joined ends it, and its stake comes
   * back exactly once (the refund is the expiry's); once others hold seats, the round goes on.
   */
  private creatorLeaves(client: PlayerClient) {
    const players = new Set(this.round.players.map((seat) => seat.player));
    const why =
      client.auth?.id !== this.round.createdBy
        ? "Only the player who created this round can cancel it."
        : this.phase !== "waiting" || players.size > 1
          ? "Others have joined this round: it goes on."
          : null;
    if (why) return refuse(client, why);
    this.deps.log(`Round ${this.round.code}: cancelled by its creator.`);
    this.actor.send({ type: "CANCEL" });
  }

  /** The machine's state, or `joining` while it waits and a join's stake is being taken. */
  private get phase(): string {
    const state = String(this.actor?.getSnapshot().value ?? "");
    return state === "waiting" && this.joinsInFlight > 0 ? "joining" : state;
  }

  /** Is the round still taking seats (the machine waiting: the countdown running, no draw due)? */
  private get seating() {
    return this.actor?.getSnapshot().value === "waiting";
  }

  /**
   * Takes a seat the game's rules allowed: the stake, then the record; the machine hears of it
   * once, when it ended (one step per join).
   */
  private async seat(seat: S): Promise<Refusal | null> {
    this.joinsInFlight++;
    try {
      await this.deps.rounds.takeSeat(this.round, seat);
    } catch (error) {
      this.joinEnded("JOIN_FAILED");
      if (error instanceof GameError)
        return { ok: false, status: error.status, message: error.message };
      throw error;
    }
    this.round.players = [...this.round.players, seat];
    this.round.status = this.game.statusOf(this.round.players);
    await this.recordSeats();
    this.showRound();
    this.joinEnded("JOINED");
    // A join that starts the round has told the lobby (announceStart): not listed, once.
    if (this.seating) this.tellLobby();
    return null;
  }

  /** The machine's step for the join (its subscription shows the phase after). */
  private joinEnded(type: "JOINED" | "JOIN_FAILED") {
    this.joinsInFlight--;
    this.actor.send({ type });
  }

  private showPhase(state: unknown) {
    this.state.phase = String(state ?? "");
  }

  /** The seats as they are now; the registry stores a round's writes in the order made. */
  private recordSeats() {
    const { roundId, status, players } = this.round;
    return this.deps.rounds.registry.update(roundId, { status, players: [...players] });
  }

  /** The lobby lists a public round while it takes seats, and forgets it after. */
  private tellLobby() {
    if (this.round.access !== "public") return;
    const listed = this.seating && this.game.joinable(this.round.players);
    this.deps
      .notifications()
      .lobbyChanged({ op: listed ? "upsert" : "remove", code: this.round.code });
  }

  private startMachine() {
    const game = this.game;
    const hooks: RoundHooks = {
      settle: () => this.deps.rounds.settle(this.round),
      expire: async () => {
        this.round.players = await this.deps.rounds.expire(this.round);
      },
      announceStart: (startsAt) => this.announceStart(startsAt),
      announceResult: (settled) => void this.announceResult(settled as Settled<S, O>),
      announceExpiry: () => this.announceExpiry(),
      reportFailure: (error) => this.deps.log(`Round ${this.round.code}: retrying.`, error),
      readyToDraw: () => game.readyToDraw(this.round.players),
      drawsAtDeadline: () => game.drawsAtDeadline(this.round.players),
      joinsInFlight: () => this.joinsInFlight > 0,
    };
    const actor = createActor(roomRoundMachine, {
      input: {
        deadline: Date.parse(this.round.deadline),
        resumeAt: game.readyToDraw(this.round.players) ? "drawing" : "waiting",
        startNoticeMs: this.deps.startNoticeMs,
        hooks,
      },
      clock: {
        setTimeout: (fn, ms) => this.clock.setTimeout(fn, ms),
        clearTimeout: (delayed) => (delayed as { clear(): void } | undefined)?.clear(),
      },
    });
    actor.subscribe((snapshot) => this.showPhase(snapshot.value));
    actor.start();
    return actor;
  }

  private announceStart(startsAt: number) {
    this.state.startsAt = startsAt;
    this.tellLobby();
    this.broadcastWithPatch("startNotice", { code: this.round.code, startsAt });
  }

  /**
   * A message about a change of the state, sent right after the next patch (at most `patchRate`
   * later): each client gets the state, then the message, in one socket write per turn
   * (socket-batching.ts) instead of one for the message now and one for the patch after.
   */
  private broadcastWithPatch(type: string, message: object) {
    this.broadcast(type, message, { afterNextPatch: true });
  }

  private async announceResult(settled: Settled<S, O>) {
    const { outcome, serverSeed, players } = settled;
    this.round = { ...this.round, status: "finished", outcome, serverSeed, players };
    this.showRound();
    this.state.winner = settled.payouts[0]?.userId ?? "";
    this.state.payout = minorToMajor(settled.payouts[0]?.amount ?? 0);
    try {
      const previous = await this.deps.rounds.registry.lastOutcomes<O>(
        this.game.type,
        this.round.roundId,
      );
      this.result = this.table.resultOf(settled, previous);
      this.broadcast(this.result.type, this.result.message);
    } catch (error) {
      this.deps.log(`Round ${this.round.code}: could not announce the result.`, error);
    }
    this.disposeSoon();
  }

  private announceExpiry() {
    this.round.status = "expired";
    this.showRound();
    this.tellLobby();
    const notice = { code: this.round.code, message: NO_PLAYER_JOINED };
    const notifications = this.deps.notifications();
    for (const player of new Set(this.round.players.map((seat) => seat.player)))
      notifications.toUser(player, "noPlayerJoined", notice);
    this.broadcast("noPlayerJoined", notice);
    this.disposeSoon();
  }

  /** Keep the room a little for late viewers, then free it (clients read the API after). */
  private disposeSoon() {
    this.clock.setTimeout(() => this.disconnect(), 60_000);
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
      serverSeed: round.status === "finished" ? (round.serverSeed ?? "") : "",
    });
    this.table.showSeats();
  }
}

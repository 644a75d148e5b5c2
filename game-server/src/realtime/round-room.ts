import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import type { Schema } from "@colyseus/schema";
import type { JsonValue } from "@igp/ledger";
import { minorToMajor, NO_PLAYER_JOINED } from "@igp/shared";
import { type Actor, createActor, fromPromise } from "xstate";
import type { z } from "zod";
import type { Notifications } from "../../realtime/notifications.ts";
import type { RoomAuth, RoomUser } from "../../realtime/room-auth.ts";
import { answerUnknown, keepSeat, refuse } from "../../realtime/room-messages.ts";
import { roundMachine } from "./round.machine.ts";
import type { RoundFailover } from "./round-failover.ts";
import { GAME_OVER, GameError, type Seat } from "./round-game.ts";
import type { RoundLifecycle, Settled } from "./round-lifecycle.ts";
import type { RegisteredRound } from "./round-registry.ts";
import type { RoundStateFields } from "./round-state.ts";

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

export type Refusal = { ok: false; status: 400 | 404 | 409; message: string };
export type JoinOutcome<G> = { ok: true; game: G } | Refusal;
/** A game's result message (`coin`, `spin`: docs/realtime.md). */
export type RoundResult = { type: string; message: object };

/**
 * What every round room does (roomId = the round's code): load the round from its stream, check
 * the bearer token, validate client messages, run the round machine on the room's clock, take
 * seats through the round's lifecycle, give the start notice, announce the expiry, keep the
 * lobby told. Created by the server only (the create routes, recovery), never by a client. A game's
 * room adds its state, its join rule and its result message.
 */
export abstract class RoundRoom<
  S extends Seat,
  O extends JsonValue,
  State extends Schema & RoundStateFields,
> extends Room<{ state: State; client: Client<{ auth: RoomUser }> }> {
  override autoDispose = false;
  /** State changes a few times a round; 10 patches a second is plenty. */
  override patchRate = 100;
  protected round!: RegisteredRound<S, O>;
  protected actor!: Actor<typeof roundMachine>;
  private holding = false;

  protected abstract readonly deps: RoundRoomDeps<S, O>;
  /** The game's fields of the state (seats, outcome), from `this.round`. */
  protected abstract showSeats(): void;
  /** The game's result message, once the winner is paid. */
  protected abstract resultOf(settled: Settled<S, O>): Promise<RoundResult>;
  /** The result as announced: a player who joins or reconnects after it is sent it too. */
  private result: RoundResult | null = null;
  /** The game's client messages, each through `this.onValid` (none by default). */
  protected defineMessages(): void {}

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
    this.defineMessages();
    this.onMessage("leave", (client) => this.creatorLeaves(client));
    this.onMessage("*", (client, type) => answerUnknown(client, type));
    this.actor = this.startMachine();
    this.tellLobby();
  }

  override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
    return this.deps.auth(context.token);
  }

  override onJoin(client: Client<{ auth: RoomUser }>) {
    this.sendResult(client);
  }

  /** Back after a drop, perhaps having missed the result (its screen would wait for it). */
  override onReconnect(client: Client<{ auth: RoomUser }>) {
    this.sendResult(client);
  }

  private sendResult(client: Client<{ auth: RoomUser }>) {
    if (this.result) client.send(this.result.type, this.result.message);
  }

  /** A dropped player keeps its seat (and spin picks) for the grace period, then leaves. */
  override onDrop(client: Client<{ auth: RoomUser }>) {
    keepSeat(this, client, this.deps.reconnectGraceSeconds);
  }

  override onDispose() {
    this.actor?.stop();
    if (this.holding) this.deps.failover.letGo(this.round.roundId);
  }

  protected get game() {
    return this.deps.rounds.game;
  }

  /** A message handler behind its zod schema: a wrong shape is answered, logged and dropped. */
  protected onValid<T>(
    type: string,
    schema: z.ZodType<T>,
    handler: (client: Client<{ auth: RoomUser }>, message: T) => string | null,
  ) {
    this.onMessage(type, (client: Client<{ auth: RoomUser }>, message: unknown) => {
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
  private creatorLeaves(client: Client<{ auth: RoomUser }>) {
    const players = new Set(this.round.players.map((seat) => seat.player));
    const why =
      client.auth?.id !== this.round.createdBy
        ? "Only the player who created this round can cancel it."
        : !this.actor.getSnapshot().matches("waiting") || players.size > 1
          ? "Others have joined this round: it goes on."
          : null;
    if (why) return refuse(client, why);
    this.deps.log(`Round ${this.round.code}: cancelled by its creator.`);
    this.actor.send({ type: "CANCEL" });
  }

  /** Is the round still taking seats (the countdown running, no draw due)? */
  protected get seating() {
    const snapshot = this.actor?.getSnapshot();
    return Boolean(snapshot && (snapshot.matches("waiting") || snapshot.matches("joining")));
  }

  /** Takes a seat the game's rules allowed: the stake, then the record; the machine follows. */
  protected async seat(seat: S): Promise<Refusal | null> {
    this.actor.send({ type: "JOIN_STARTED" });
    try {
      await this.deps.rounds.takeSeat(this.round, seat);
    } catch (error) {
      this.actor.send({ type: "JOIN_FAILED" });
      if (error instanceof GameError)
        return { ok: false, status: error.status, message: error.message };
      throw error;
    }
    this.round.players = [...this.round.players, seat];
    this.round.status = this.game.statusOf(this.round.players);
    await this.recordSeats();
    this.showRound();
    this.tellLobby();
    this.actor.send({ type: "JOINED" });
    return null;
  }

  /** The seats as they are now; the registry stores a round's writes in the order made. */
  private recordSeats() {
    const { roundId, status, players } = this.round;
    return this.deps.rounds.registry.update(roundId, { status, players: [...players] });
  }

  /** The lobby lists a public round while it takes seats, and forgets it after. */
  protected tellLobby() {
    if (this.round.access !== "public") return;
    const listed = this.seating && this.game.joinable(this.round.players);
    this.deps
      .notifications()
      .lobbyChanged({ op: listed ? "upsert" : "remove", code: this.round.code });
  }

  private startMachine() {
    const game = this.game;
    const machine = roundMachine.provide({
      actors: {
        settle: fromPromise(() => this.deps.rounds.settle(this.round)),
        expire: fromPromise(async () => {
          this.round.players = await this.deps.rounds.expire(this.round);
        }),
      },
      actions: {
        announceStart: ({ context }) => this.announceStart(context.startsAt ?? 0),
        announceResult: (_, settled) => void this.announceResult(settled as Settled<S, O>),
        announceExpiry: () => this.announceExpiry(),
        reportFailure: (_, error) => this.deps.log(`Round ${this.round.code}: retrying.`, error),
      },
      guards: {
        readyToDraw: () => game.readyToDraw(this.round.players),
        drawsAtDeadline: () => game.drawsAtDeadline(this.round.players),
      },
    });
    const actor = createActor(machine, {
      input: {
        deadline: Date.parse(this.round.deadline),
        resumeAt: game.readyToDraw(this.round.players) ? "drawing" : "waiting",
        startNoticeMs: this.deps.startNoticeMs,
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

  private announceStart(startsAt: number) {
    this.state.startsAt = startsAt;
    this.tellLobby();
    this.broadcast("startNotice", { code: this.round.code, startsAt });
  }

  private async announceResult(settled: Settled<S, O>) {
    const { outcome, serverSeed, players } = settled;
    this.round = { ...this.round, status: "finished", outcome, serverSeed, players };
    this.showRound();
    this.state.winner = settled.payouts[0]?.userId ?? "";
    this.state.payout = minorToMajor(settled.payouts[0]?.amount ?? 0);
    try {
      this.result = await this.resultOf(settled);
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

  protected showRound() {
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
    this.showSeats();
  }
}

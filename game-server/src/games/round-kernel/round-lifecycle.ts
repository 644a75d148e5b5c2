import { randomUUID } from "node:crypto";
import {
  type Award,
  type CommandContext,
  type JsonValue,
  type Ledger,
  LedgerError,
  type RoundState,
  stepId,
} from "@igp/ledger";
import { commitmentOf, serverSeedFor } from "@igp/shared";
import type pg from "pg";
import { readGameSettings } from "../../settings/settings-repository.ts";
import { newCode } from "../../wallet/codes.ts";
import { GAME_OVER, GameError, type RoundGame, SEAT_TAKEN, type Seat } from "./round-game.ts";
import type { RegisteredRound, RoundRegistry } from "./round-registry.ts";

/** Who settles and refunds: the round itself, not a person. */
const SYSTEM_USER = "round-kernel";

export interface NewRound<S extends Seat> {
  /** The creator's seat, locked and paid as the round opens. */
  seat: S;
  /** A public table's id, or null for a private round with its own bet. */
  instantId: number | null;
  /** A private round's bet (minor units); a table's round takes the table's. */
  betAmount?: number;
}

/** A settled round: the outcome, who was paid, the revealed seed and the seats drawn among. */
export interface Settled<S extends Seat, O extends JsonValue> {
  outcome: O;
  payouts: Award[];
  serverSeed: string;
  players: S[];
}

/**
 * The money and the record of one game's rounds (docs/architecture.md, the round kernel): open
 * with the creator's seat, take seats, draw and settle (payouts, the rest to the house), or cancel and refund. The
 * round's room calls these in the order its machine decides. Each step has a deterministic
 * command id, so recovery may repeat any of them after a crash and nothing moves twice.
 */
export class RoundLifecycle<S extends Seat, O extends JsonValue> {
  constructor(
    readonly game: RoundGame<S, O>,
    readonly registry: RoundRegistry,
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly fairnessSecret: string,
  ) {}

  /** Registers the round, opens its stream and takes the creator's stake. */
  async open(request: NewRound<S>, now = new Date()): Promise<RegisteredRound<S, O>> {
    const round = await this.describe(request, now);
    await this.registry.register(round);
    const ctx = context(request.seat.player, "user", now);
    try {
      await this.ledger.rounds.open(
        {
          roundId: round.roundId,
          game: round.game,
          betAmount: round.betAmount,
          cutBasisPoints: round.cutBasisPoints,
          details: {
            code: round.code,
            instantId: round.instantId,
            access: round.access,
            createdBy: round.createdBy,
            createdAt: round.createdAt,
            deadline: round.deadline,
            waitingMinutes: round.waitingMinutes,
            commitment: round.commitment,
          },
        },
        { ...ctx, commandId: stepId(round.roundId, "open") },
      );
      await this.stake(round, request.seat, ctx);
      return round;
    } catch (error) {
      await this.abandon(round, ctx);
      throw error;
    }
  }

  /** A round opened whose room could not start: cancelled, its stake refunded, exactly once. */
  async withdraw(round: RegisteredRound<S, O>, now = new Date()): Promise<void> {
    await this.abandon(round, context(round.createdBy, "user", now));
  }

  /** Takes a seat's stake (the room checked the game's rules and keeps the seats). */
  async takeSeat(round: RegisteredRound<S, O>, seat: S, now = new Date()): Promise<void> {
    await this.stake(round, seat, context(seat.player, "user", now));
  }

  /** Draws and pays, exactly once: a repeat returns the recorded result. */
  async settle(round: RegisteredRound<S, O>, now = new Date()): Promise<Settled<S, O>> {
    const serverSeed = await serverSeedFor(this.fairnessSecret, round.roundId);
    const state = await this.ledger.rounds.read(round.roundId);
    if (state.status === "cancelled") throw new GameError(409, GAME_OVER);
    const players = this.seatsOf(state);
    const drawn = await this.game.draw({ ...round, serverSeed, players });
    if (state.status === "open") {
      const ctx = context(SYSTEM_USER, "system", now);
      await this.ledger.rounds.settle(
        round.roundId,
        drawn.payouts,
        [],
        { ...ctx, commandId: stepId(round.roundId, "settle") },
        { outcome: drawn.outcome, serverSeed, ...drawn.proof },
      );
    }
    await this.registry.update(round.roundId, {
      status: "finished",
      players,
      outcome: drawn.outcome,
      serverSeed,
    });
    return { outcome: drawn.outcome, payouts: drawn.payouts, serverSeed, players };
  }

  /** Nobody (or too few) joined in time: every stake goes back, exactly once. */
  async expire(round: RegisteredRound<S, O>, now = new Date()): Promise<S[]> {
    const ctx = context(SYSTEM_USER, "system", now);
    const state = await this.cancelIfOpen(round.roundId, "noPlayerJoined", ctx);
    const players = this.seatsOf(state);
    // A round settled meanwhile stays finished: the registry follows the stream.
    if (state.status !== "settled")
      await this.registry.update(round.roundId, { status: "expired", players });
    return players;
  }

  /** The round as its stream tells it: seats from the stakes received, and the status. */
  async reload(
    roundId: string,
  ): Promise<{ round: RegisteredRound<S, O>; money: RoundState } | null> {
    const round = (await this.registry.byId(roundId)) as RegisteredRound<S, O> | null;
    if (!round) return null;
    const money = await this.ledger.rounds.read(roundId);
    return { round: { ...round, players: this.seatsOf(money) }, money };
  }

  async byCode(code: string): Promise<RegisteredRound<S, O> | null> {
    const round = await this.registry.byCode(code);
    return round?.game === this.game.type ? round : null;
  }

  /** The seats in stake order, as each stake recorded its selection. */
  seatsOf(state: RoundState): S[] {
    return state.stakes.items.map((stake) => this.game.seatOf(stake));
  }

  private async stake(round: RegisteredRound<S, O>, seat: S, ctx: CommandContext) {
    const stakeId = stepId(round.roundId, "stake", seat.player);
    try {
      await this.ledger.rounds.placeStake(
        {
          userId: seat.player,
          roundId: round.roundId,
          stakeId,
          amount: this.game.stakeOf(seat, round.betAmount),
          selection: { ...this.game.selectionOf(seat), seats: this.game.seatsHeld(seat) },
        },
        { ...ctx, commandId: stakeId },
      );
    } catch (error) {
      if (error instanceof LedgerError && error.code === "insufficient_funds")
        throw new GameError(409, "Insufficient balance for this bet.");
      if (error instanceof LedgerError && error.code === "not_pending")
        throw new GameError(409, GAME_OVER);
      if (error instanceof LedgerError && error.code === "seat_taken")
        throw new GameError(409, SEAT_TAKEN);
      // The player's own limit, time-out or exclusion, or no age confirmed: its message as is.
      if (error instanceof LedgerError && error.code === "restricted")
        throw new GameError(403, error.message);
      throw error;
    }
  }

  /** An opening that failed (no money, a crash) leaves no open round behind. */
  private async abandon(round: RegisteredRound<S, O>, ctx: CommandContext) {
    const state = await this.cancelIfOpen(round.roundId, "openingFailed", ctx);
    if (state.stakes.length === 0) await this.registry.remove(round.roundId);
    else await this.registry.update(round.roundId, { status: "expired", players: [] });
  }

  /** Cancels the round (refunding every stake) unless its stream already ended; returns it as read. */
  private async cancelIfOpen(roundId: string, why: string, ctx: CommandContext) {
    const state = await this.ledger.rounds.read(roundId);
    if (state.status === "open" || state.status === "refunding")
      await this.ledger.rounds.cancel(roundId, why, {
        ...ctx,
        commandId: stepId(roundId, "cancel"),
      });
    return state;
  }

  private async describe(request: NewRound<S>, now: Date): Promise<RegisteredRound<S, O>> {
    const { waitingMinutes, cutBasisPoints } = await readGameSettings(
      this.pool,
      this.game.settingsGroup,
    );
    const betAmount =
      request.instantId === null ? request.betAmount! : await this.tableBet(request.instantId);
    const roundId = randomUUID();
    return {
      roundId,
      code: newCode(),
      game: this.game.type,
      instantId: request.instantId,
      access: request.instantId === null ? "private" : "public",
      createdBy: request.seat.player,
      betAmount,
      cutBasisPoints,
      waitingMinutes,
      createdAt: now.toISOString(),
      deadline: new Date(now.getTime() + waitingMinutes * 60_000).toISOString(),
      status: "waiting",
      players: [request.seat],
      commitment: await commitmentOf(await serverSeedFor(this.fairnessSecret, roundId)),
      outcome: null,
      serverSeed: null,
    };
  }

  private async tableBet(instantId: number): Promise<number> {
    const { rows } = await this.pool.query(
      "SELECT bet_amount FROM instant_games WHERE id = $1 AND type = $2 AND status = 'active'",
      [instantId, this.game.type],
    );
    if (!rows[0]) throw new GameError(404, "Game not found.");
    return Number(rows[0].bet_amount);
  }
}

function context(userId: string, role: "user" | "system", now: Date): CommandContext {
  return { actor: { userId, role }, at: now.toISOString() };
}

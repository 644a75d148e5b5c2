import { randomUUID } from "node:crypto";
import {
  type CommandContext,
  type Ledger,
  LedgerError,
  type RoundState,
  stepId,
} from "@igp/ledger";
import { type CoinSide, commitmentOf, serverSeedFor } from "@igp/shared";
import type pg from "pg";
import { readGameSettings } from "../../settings/settings-repository.ts";
import { newCode } from "../../wallet/codes.ts";
import { type RegisteredRound, type RoundPlayer, RoundRegistry } from "../round-registry.ts";
import { flip, GAME_OVER, joinerSide, type SettledFlip, whyNotJoin } from "./coin-flip.rules.ts";

/** A refusal the player should read: a bad code, a full round, too little money... */
export class GameError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** Who settles and refunds: the round itself, not a person. */
const SYSTEM_USER = "coin-flip";

export interface NewRound {
  creatorId: string;
  side: CoinSide;
  clientSeed: string;
  /** A public table's id, or null for a private round with its own bet. */
  instantId: number | null;
  betAmount?: number;
}

/**
 * The money and the record of coin flip rounds: opening with the creator's stake, joining,
 * the flip and its settlement, the refund on expiry. The round's room calls these in the order
 * its machine decides; each step is idempotent, so recovery may repeat one after a crash.
 */
export class CoinFlipRounds {
  readonly registry: RoundRegistry;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly fairnessSecret: string,
  ) {
    this.registry = new RoundRegistry(pool);
  }

  /** Registers the round, opens its stream and takes the creator's stake. */
  async open(request: NewRound, now = new Date()): Promise<RegisteredRound> {
    const round = await this.describe(request, now);
    await this.registry.register(round);
    const ctx = this.context(request.creatorId, "user", now);
    try {
      await this.ledger.openRound(
        {
          roundId: round.roundId,
          game: "coin-flip",
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
      await this.stake(round, round.players[0]!, ctx);
      return round;
    } catch (error) {
      await this.abandon(round, ctx);
      throw error;
    }
  }

  /** Takes the joiner's stake; the joiner plays the other side. Returns the round's players. */
  async join(
    round: RegisteredRound,
    userId: string,
    clientSeed: string,
    now = new Date(),
  ): Promise<RoundPlayer[]> {
    const why = whyNotJoin(round, userId, now.getTime());
    if (why) throw new GameError(409, why);
    const joiner = { player: userId, selectedSide: joinerSide(round.players), clientSeed };
    await this.stake(round, joiner, this.context(userId, "user", now));
    const players = [...round.players, joiner];
    await this.registry.update(round.roundId, { status: "player-joined", players });
    return players;
  }

  /** Draws and pays the winner, exactly once: a repeat returns the recorded result. */
  async settle(round: RegisteredRound, now = new Date()): Promise<SettledFlip> {
    const serverSeed = await serverSeedFor(this.fairnessSecret, round.roundId);
    const state = await this.ledger.readRound(round.roundId);
    if (state.status === "cancelled") throw new GameError(409, GAME_OVER);
    const players = playersOf(state);
    const result = await flip({ ...round, serverSeed, players });
    if (state.status === "open") {
      const draw = { outcome: result.outcome, serverSeed };
      const payouts = [{ userId: result.winner, amount: result.payout }];
      const ctx = this.context(SYSTEM_USER, "system", now);
      await this.ledger.settleRound(
        round.roundId,
        payouts,
        [],
        { ...ctx, commandId: stepId(round.roundId, "settle") },
        draw,
      );
    }
    await this.registry.update(round.roundId, {
      status: "finished",
      players,
      outcome: result.outcome,
      serverSeed,
    });
    return { ...result, serverSeed };
  }

  /** Nobody joined in time: the creator's stake goes back, exactly once. */
  async expire(round: RegisteredRound, now = new Date()): Promise<void> {
    const ctx = this.context(SYSTEM_USER, "system", now);
    const state = await this.cancelIfOpen(round.roundId, "noPlayerJoined", ctx);
    // A round settled meanwhile stays finished: the registry follows the stream.
    if (state.status === "settled") return;
    await this.registry.update(round.roundId, { status: "expired", players: playersOf(state) });
  }

  /** The round as its stream tells it: players from the stakes received, and the status. */
  async reload(roundId: string): Promise<{ round: RegisteredRound; money: RoundState } | null> {
    const round = await this.registry.byId(roundId);
    if (!round) return null;
    const money = await this.ledger.readRound(roundId);
    return { round: { ...round, players: playersOf(money) }, money };
  }

  private async stake(round: RegisteredRound, player: RoundPlayer, ctx: CommandContext) {
    const stakeId = stepId(round.roundId, "stake", player.player);
    try {
      await this.ledger.placeStake(
        {
          userId: player.player,
          roundId: round.roundId,
          stakeId,
          amount: round.betAmount,
          selection: { side: player.selectedSide, clientSeed: player.clientSeed },
        },
        { ...ctx, commandId: stakeId },
      );
    } catch (error) {
      if (error instanceof LedgerError && error.code === "insufficient_funds")
        throw new GameError(409, "Insufficient balance for this bet.");
      if (error instanceof LedgerError && error.code === "not_pending")
        throw new GameError(409, GAME_OVER);
      throw error;
    }
  }

  /** An opening that failed (no money, a crash) leaves no open round behind. */
  private async abandon(round: RegisteredRound, ctx: CommandContext) {
    const state = await this.cancelIfOpen(round.roundId, "openingFailed", ctx);
    if (state.stakes.length === 0) await this.registry.remove(round.roundId);
    else await this.registry.update(round.roundId, { status: "expired", players: [] });
  }

  /** Cancels the round (refunding every stake) unless its stream already ended; returns it as read. */
  private async cancelIfOpen(roundId: string, why: string, ctx: CommandContext) {
    const state = await this.ledger.readRound(roundId);
    if (state.status === "open")
      await this.ledger.cancelRound(roundId, why, { ...ctx, commandId: stepId(roundId, "cancel") });
    return state;
  }

  private async describe(request: NewRound, now: Date): Promise<RegisteredRound> {
    const { waitingMinutes, cutBasisPoints } = await readGameSettings(this.pool, "coinFlip");
    const betAmount =
      request.instantId === null ? request.betAmount! : await this.tableBet(request.instantId);
    const roundId = randomUUID();
    return {
      roundId,
      code: newCode(),
      game: "coin-flip",
      instantId: request.instantId,
      access: request.instantId === null ? "private" : "public",
      createdBy: request.creatorId,
      betAmount,
      cutBasisPoints,
      waitingMinutes,
      createdAt: now.toISOString(),
      deadline: new Date(now.getTime() + waitingMinutes * 60_000).toISOString(),
      status: "waiting",
      players: [
        { player: request.creatorId, selectedSide: request.side, clientSeed: request.clientSeed },
      ],
      commitment: await commitmentOf(await serverSeedFor(this.fairnessSecret, roundId)),
      outcome: null,
      serverSeed: null,
    };
  }

  private async tableBet(instantId: number): Promise<number> {
    const { rows } = await this.pool.query(
      "SELECT bet_amount FROM instant_games WHERE id = $1 AND type = 'coin-flip' AND status = 'active'",
      [instantId],
    );
    if (!rows[0]) throw new GameError(404, "Game not found.");
    return Number(rows[0].bet_amount);
  }

  private context(userId: string, role: "user" | "system", now: Date): CommandContext {
    return { actor: { userId, role }, at: now.toISOString() };
  }
}

/** The players in stake order, with the side and client seed each sent with its stake. */
export function playersOf(state: RoundState): RoundPlayer[] {
  return state.stakes.map((stake) => ({
    player: stake.userId,
    selectedSide: stake.selection?.side as CoinSide,
    clientSeed: String(stake.selection?.clientSeed),
  }));
}

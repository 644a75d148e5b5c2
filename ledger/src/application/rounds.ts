import type { z } from "zod";
import { LedgerError } from "../domain/ledger-error.ts";
import { transfersSent } from "../domain/money-flow.ts";
import { type Award, decideRound } from "../domain/round/round.decide.ts";
import type { RoundEvent, RoundState, roundEvents } from "../domain/round/round.events.ts";
import { roundStream, walletStream } from "../domain/stream-ids.ts";
import { decideWallet } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import type { JsonValue } from "../event-store/event-store.ts";
import { MAX_EVENTS_PER_APPEND } from "../event-store/validate-new-events.ts";
import {
  type CommandContext,
  eventIdsFor,
  metadataOf,
  run,
  runForState,
} from "./command-context.ts";
import type { CommandHandler, StoredEvent, StreamDecision } from "./command-handler.ts";
import { creditOf, type Transfers, walletCredits } from "./transfers.ts";

/** A stake as the wallet places it. */
type Placed = {
  roundId: string;
  stakeId: string;
  amount: number;
  selection?: Record<string, JsonValue>;
};

/** How a stake reaches its round (see `Rounds.placeStake`). */
type StakePath = "oneAppend" | "batchedAppend" | "twoSteps";

export interface RoundsOptions {
  /**
   * Refunds per append of a cancellation, each append with the refunded wallets' credits (a
   * lottery deleted with 30,000 tickets: 30 appends).
   */
  refundsPerAppend?: number;
  /** Refuse stakes of players who have not confirmed the minimum age (docs/safer-play.md). */
  requireAgeConfirmation?: boolean;
}

/** Rounds of games and lotteries: stakes (a lottery's tickets) held in escrow until settled or
 *  cancelled. */
export class Rounds {
  private readonly refundsPerAppend: number;
  private readonly requireAge: boolean;

  constructor(
    private readonly handler: CommandHandler,
    private readonly transfers: Transfers,
    options: RoundsOptions = {},
  ) {
    this.refundsPerAppend = options.refundsPerAppend ?? 1_000;
    this.requireAge = options.requireAgeConfirmation ?? false;
  }

  async open(round: z.infer<typeof roundEvents.RoundOpened>, ctx: CommandContext) {
    await run(
      this.handler,
      roundStream(round.roundId),
      (s: RoundState) => decideRound(s, { type: "OpenRound", ...round }),
      ctx,
    );
  }

  /**
   * Stake or lottery ticket: bonus first, then main; refused when the balances are short.
   * Returns the stake's number in the round (a lottery's ticket number).
   */
  async placeStake(stake: Placed & { userId: string }, ctx: CommandContext) {
    const { userId, ...placed } = stake;
    const path = await this.stakePath(placed.roundId);
    const { wallet, delivered } =
      path === "twoSteps"
        ? await this.placeThenDeliver(userId, placed, ctx)
        : await this.placeAndReceive(userId, placed, ctx, path === "batchedAppend");
    const returned = delivered.find((e) => e.event.type === "StakeReturned");
    if (returned && (returned.event.data as { why?: string }).why === "seatTaken")
      throw new LedgerError("seat_taken", "That choice is already held; the stake was returned.");
    if (returned)
      throw new LedgerError(
        "not_pending",
        "This round no longer takes stakes; the stake was returned.",
      );
    const received = delivered.find((e) => e.event.type === "StakeReceived")?.event;
    return {
      number: received?.type === "StakeReceived" ? (received.data.number ?? 0) : 0,
      /** The wallet as the stake left it (the buyer's balances, without another read). */
      wallet,
    };
  }

  /**
   * How a stake's debit and credit are stored: in one append (a coin flip's or spin wheel's
   * seat); for a lottery, whose tickets arrive in crowds, in one append per crowd (the tickets
   * waiting for the round's turn, each wallet's debit with its ticket); in two steps where the
   * store cannot append to several streams atomically (KurrentDB), the round's credits of a
   * crowd then sharing one append (Transfers.deliver, batched).
   */
  private async stakePath(roundId: string): Promise<StakePath> {
    if (!this.handler.store.atomicMultiStream) return "twoSteps";
    const round = await this.handler.loadAtLeast<RoundState>(roundStream(roundId), 0);
    return round.opened?.game === "lottery" ? "batchedAppend" : "oneAppend";
  }

  /** The wallet's command for a stake: checked against the player's safer-play state at `at`. */
  private stakeCommand(placed: Placed, ctx: CommandContext) {
    return { type: "PlaceStake" as const, ...placed, at: ctx.at, requireAge: this.requireAge };
  }

  /** The wallet's debit and the round's credit decided together, stored in one append. */
  private async placeAndReceive(
    userId: string,
    placed: Placed,
    ctx: CommandContext,
    batched: boolean,
  ) {
    const wallet = walletStream(userId);
    const debit: StreamDecision<WalletState> = {
      decide: (s) => decideWallet(s, this.stakeCommand(placed, ctx)),
      metadata: metadataOf(ctx),
      eventIds: eventIdsFor(ctx, wallet),
    };
    const round = roundStream(placed.roundId);
    const credit = ([placedEvent]: StoredEvent[]) =>
      creditOf(transfersSent(placedEvent!.event)[0]!, placedEvent!, ctx);
    const { first, second } = batched
      ? await this.handler.executeBatchedAcross(wallet, debit, round, credit)
      : await this.handler.executeAcross(wallet, debit, round, credit);
    // A stake returned by the round (seat taken, round over) goes back to the wallet.
    const returned = await this.transfers.deliverAll(second.events, ctx);
    return { wallet: first.state, delivered: [...second.events, ...returned] };
  }

  /** The debit, then its credit (and any return) delivered in turn: two appends or more. */
  private async placeThenDeliver(userId: string, placed: Placed, ctx: CommandContext) {
    const {
      events: stored,
      state: wallet,
      duplicate,
    } = await runForState(
      this.handler,
      walletStream(userId),
      (s: WalletState) => decideWallet(s, this.stakeCommand(placed, ctx)),
      ctx,
    );
    const delivered = await this.transfers.deliverAll(stored, ctx);
    const [debit] = stored;
    if (!duplicate || delivered.length > 0 || !debit) return { wallet, delivered };
    // A repeat whose credit the round took before (it takes none twice): what it stored then.
    const { eventIds } = creditOf(transfersSent(debit.event)[0]!, debit, ctx);
    const original = await this.handler.storedBy(roundStream(placed.roundId), eventIds);
    return { wallet, delivered: original ?? [] };
  }

  /** A round that takes stakes until a time (a lottery's out date) takes them until another. */
  async moveStakesDeadline(roundId: string, stakesUntil: string, ctx: CommandContext) {
    await run(
      this.handler,
      roundStream(roundId),
      (s: RoundState) => decideRound(s, { type: "MoveStakesDeadline", stakesUntil }),
      ctx,
    );
  }

  /** No more stakes: the stakes held now are final (before a draw among them). */
  async closeStakes(roundId: string, ctx: CommandContext) {
    await run(
      this.handler,
      roundStream(roundId),
      (s: RoundState) => decideRound(s, { type: "CloseStakes", at: ctx.at }),
      ctx,
    );
  }

  /** Pays the payouts (from the escrow) and prizes (from the house), each winner credited in the
   *  same append as the settlement where the store can. */
  async settle(
    roundId: string,
    payouts: Award[],
    prizes: Award[],
    ctx: CommandContext,
    draw?: Record<string, JsonValue>,
  ) {
    await this.decideAndCredit(
      roundId,
      (s) => decideRound(s, { type: "SettleRound", payouts, prizes, draw }),
      ctx,
      ctx,
    );
  }

  /** A round's money as its stream folds: status, stakes (with selections), escrow. */
  read(roundId: string): Promise<RoundState> {
    return this.handler.load<RoundState>(roundStream(roundId));
  }

  /**
   * Refunds every stake, exactly once. Where the store appends to several streams atomically,
   * a batch of refunds at a time (`refundsPerAppend`), each in one append with the refunded
   * wallets' credits; elsewhere the round's refunds go in chunks and each credit follows in
   * turn. Each append is named by how many stakes were refunded before it, so a cancellation
   * repeated after a crash stores nothing twice and goes on where it stopped.
   */
  async cancel(roundId: string, why: string, ctx: CommandContext) {
    const batch = this.handler.store.atomicMultiStream
      ? { refunds: this.refundsPerAppend, perWallet: MAX_EVENTS_PER_APPEND }
      : undefined;
    for (;;) {
      const { refunded } = await this.read(roundId);
      const commandId =
        ctx.commandId && (refunded === 0 ? ctx.commandId : `${ctx.commandId}:${refunded}`);
      const stored = await this.decideAndCredit(
        roundId,
        (s) => decideRound(s, { type: "CancelRound", why, batch }),
        { ...ctx, commandId },
        ctx,
      );
      if (
        !stored.some((e) => e.event.type === "StakesRefunded") ||
        stored.some((e) => e.event.type === "RoundCancelled")
      )
        return;
    }
  }

  /**
   * A decision on the round whose transfers go to wallets: stored with their credits in one
   * append (CommandHandler.executeWithCredits), or, where that cannot be, credited in turn.
   * `creditCtx` is the context the credits are recorded under.
   */
  private async decideAndCredit(
    roundId: string,
    decide: (state: RoundState) => RoundEvent[],
    ctx: CommandContext,
    creditCtx: CommandContext,
  ) {
    const stream = roundStream(roundId);
    const { result, credits } = await this.handler.executeWithCredits(
      stream,
      { decide, metadata: metadataOf(ctx), eventIds: eventIdsFor(ctx, stream) },
      (events) => walletCredits(events, creditCtx),
    );
    if (credits === null) await this.transfers.deliverAll(result.events, creditCtx);
    return result.events;
  }
}

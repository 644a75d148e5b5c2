import type { z } from "zod";
import { LedgerError } from "../domain/ledger-error.ts";
import { transfersSent } from "../domain/money-flow.ts";
import { type Award, decideRound } from "../domain/round/round.decide.ts";
import type { RoundState, roundEvents } from "../domain/round/round.events.ts";
import { roundStream, walletStream } from "../domain/stream-ids.ts";
import { decideWallet } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import type { JsonValue } from "../event-store/event-store.ts";
import {
  type CommandContext,
  eventIdsFor,
  metadataOf,
  run,
  runForState,
} from "./command-context.ts";
import type { CommandHandler } from "./command-handler.ts";
import { creditOf, type Transfers } from "./transfers.ts";

/** A stake as the wallet places it. */
type Placed = {
  roundId: string;
  stakeId: string;
  amount: number;
  selection?: Record<string, JsonValue>;
};

/** Rounds of games and lotteries: stakes (a lottery's tickets) held in escrow until settled or
 *  cancelled. */
export class Rounds {
  constructor(
    private readonly handler: CommandHandler,
    private readonly transfers: Transfers,
  ) {}

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
    const { wallet, delivered } = (await this.takesStakesInOneAppend(placed.roundId))
      ? await this.placeAndReceive(userId, placed, ctx)
      : await this.placeThenDeliver(userId, placed, ctx);
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
   * Whether a stake's debit and credit go in one append. Not where the store cannot append to
   * two streams atomically, nor for a lottery: its tickets arrive in crowds, and the round's
   * credits of a crowd share one append (Transfers.deliver, batched), which beats one append per
   * ticket holding the round's turn.
   */
  private async takesStakesInOneAppend(roundId: string): Promise<boolean> {
    if (!this.handler.store.atomicMultiStream) return false;
    const round = await this.handler.loadAtLeast<RoundState>(roundStream(roundId), 0);
    return round.opened?.game !== "lottery";
  }

  /** The wallet's debit and the round's credit decided together, stored in one append. */
  private async placeAndReceive(userId: string, placed: Placed, ctx: CommandContext) {
    const wallet = walletStream(userId);
    const { first, second } = await this.handler.executeAcross(
      wallet,
      {
        decide: (s: WalletState) => decideWallet(s, { type: "PlaceStake", ...placed }),
        metadata: metadataOf(ctx),
        eventIds: eventIdsFor(ctx, wallet),
      },
      roundStream(placed.roundId),
      ([debit]) => creditOf(transfersSent(debit!.event)[0]!, debit!, ctx),
    );
    // A stake returned by the round (seat taken, round over) goes back to the wallet.
    const returned = await this.transfers.deliverAll(second.events, ctx);
    return { wallet: first.state, delivered: [...second.events, ...returned] };
  }

  /** The debit, then its credit (and any return) delivered in turn: two appends or more. */
  private async placeThenDeliver(userId: string, placed: Placed, ctx: CommandContext) {
    const { events: stored, state: wallet } = await runForState(
      this.handler,
      walletStream(userId),
      (s: WalletState) => decideWallet(s, { type: "PlaceStake", ...placed }),
      ctx,
    );
    return { wallet, delivered: await this.transfers.deliverAll(stored, ctx) };
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

  async settle(
    roundId: string,
    payouts: Award[],
    prizes: Award[],
    ctx: CommandContext,
    draw?: Record<string, JsonValue>,
  ) {
    const stored = await run(
      this.handler,
      roundStream(roundId),
      (s: RoundState) => decideRound(s, { type: "SettleRound", payouts, prizes, draw }),
      ctx,
    );
    await this.transfers.deliverAll(stored, ctx);
  }

  /** A round's money as its stream folds: status, stakes (with selections), escrow. */
  read(roundId: string): Promise<RoundState> {
    return this.handler.load<RoundState>(roundStream(roundId));
  }

  /**
   * Refunds every stake, exactly once. A round too big for one append is refunded over several
   * (each named by how many stakes were refunded before it, so a repeat after a crash is a no-op).
   */
  async cancel(roundId: string, why: string, ctx: CommandContext) {
    for (;;) {
      const { refunded } = await this.read(roundId);
      const commandId =
        ctx.commandId && (refunded === 0 ? ctx.commandId : `${ctx.commandId}:${refunded}`);
      const stored = await run(
        this.handler,
        roundStream(roundId),
        (s: RoundState) => decideRound(s, { type: "CancelRound", why }),
        { ...ctx, commandId },
      );
      await this.transfers.deliverAll(stored, ctx);
      if (
        !stored.some((e) => e.event.type === "StakesRefunded") ||
        stored.some((e) => e.event.type === "RoundCancelled")
      )
        return;
    }
  }
}

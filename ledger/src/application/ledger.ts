import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { decideAgent } from "../domain/agent/agent.decide.ts";
import type { AgentState } from "../domain/agent/agent.events.ts";
import { decideCharge } from "../domain/charge/charge.decide.ts";
import type { ChargeState, chargeEvents } from "../domain/charge/charge.events.ts";
import { decideDeposit } from "../domain/deposit/deposit.decide.ts";
import type { DepositState, depositEvents } from "../domain/deposit/deposit.events.ts";
import { LedgerError } from "../domain/ledger-error.ts";
import type { EventMetadata } from "../domain/metadata.ts";
import { transfersSent } from "../domain/money-flow.ts";
import { codeMatches, comparableForm, type PresentedCode } from "../domain/request-code.ts";
import { type Award, decideRound } from "../domain/round/round.decide.ts";
import type { RoundState, roundEvents } from "../domain/round/round.events.ts";
import {
  agentStream,
  chargeStream,
  depositStream,
  parseStreamId,
  roundStream,
  walletStream,
  withdrawalStream,
} from "../domain/stream-ids.ts";
import type { LedgerEvent } from "../domain/stream-kinds.ts";
import { creditEventId, stepId, type Transfer } from "../domain/transfer.ts";
import { decideWallet, type WalletCommand } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import { decideWithdrawal, type WithdrawalProof } from "../domain/withdrawal/withdrawal.decide.ts";
import type { WithdrawalState } from "../domain/withdrawal/withdrawal.events.ts";
import type { JsonValue } from "../event-store/event-store.ts";
import type { CommandHandler, StoredEvent } from "./command-handler.ts";

/** Who asks, and when. `commandId` makes a repeated command a no-op (e.g. an idempotency key). */
export interface CommandContext {
  actor: EventMetadata["actor"];
  at: string;
  requestId?: string;
  correlationId?: string;
  commandId?: string;
}

type Request<T extends z.ZodType> = Omit<z.infer<T>, "requestedAt">;

/**
 * The ledger's use cases. Each runs its steps in order: the debit where the invariant is
 * checked, then every credit it causes (docs/architecture.md, ledger rule 2). If the process stops
 * between steps, the transfer reactor delivers the missing credits.
 */
export class Ledger {
  constructor(readonly handler: CommandHandler) {}

  // Deposits

  async requestDeposit(
    request: Request<typeof depositEvents.DepositRequested>,
    ctx: CommandContext,
  ) {
    const streamId = depositStream(request.depositId);
    await this.run(
      streamId,
      (s: DepositState) =>
        decideDeposit(s, { type: "RequestDeposit", ...request, requestedAt: ctx.at }),
      ctx,
    );
  }

  async approveBankDeposit(depositId: string, ctx: CommandContext) {
    const streamId = depositStream(depositId);
    const approvedBy = ctx.actor.userId;
    const stored = await this.run(
      streamId,
      (s: DepositState) => decideDeposit(s, { type: "ApproveBankDeposit", approvedBy }),
      ctx,
    );
    await this.deliverAll(stored, ctx);
  }

  /**
   * An agent pays a player's agent deposit from its float: float → deposit → wallet. When
   * another approval got there first, the money returns to this agent and this call fails.
   */
  async approveAgentDeposit(depositId: string, presented: PresentedCode, ctx: CommandContext) {
    const deposit = await this.handler.load<DepositState>(depositStream(depositId));
    const request = assertAgentDepositFits(deposit, presented);
    const depositCode = comparableForm(request.depositCode, presented);
    const agentId = ctx.actor.userId;
    const transferId = this.idFor(ctx, "agent-deposit", depositId);
    const funded = await this.run(
      agentStream(agentId),
      (s: AgentState) =>
        decideAgent(s, {
          type: "FundDeposit",
          transferId,
          depositId,
          depositCode,
          amount: request.amount,
        }),
      ctx,
    );
    const delivered = await this.deliverAll(funded, ctx);
    const returned = delivered.find((e) => e.event.type === "AgentFundsReturned");
    if (returned?.event.type === "AgentFundsReturned") {
      throw new LedgerError("not_pending", returned.event.data.why);
    }
  }

  async disapproveDeposit(depositId: string, ctx: CommandContext) {
    const disapprovedBy = ctx.actor.userId;
    await this.run(
      depositStream(depositId),
      (s: DepositState) => decideDeposit(s, { type: "DisapproveDeposit", disapprovedBy }),
      ctx,
    );
  }

  // Withdrawals

  /** Holds the money at once: wallet → the withdrawal's own stream, with the fee fixed now.
   *  Returns how the amount was taken and the fee. */
  async requestWithdrawal(
    request: Omit<Extract<WalletCommand, { type: "HoldWithdrawal" }>, "type" | "transferId" | "at">,
    ctx: CommandContext,
  ) {
    const transferId = this.idFor(ctx, "withdrawal-hold", request.withdrawalId);
    const held = await this.run(
      walletStream(ctx.actor.userId),
      (s: WalletState) =>
        decideWallet(s, {
          type: "HoldWithdrawal",
          ...request,
          transferId,
          at: ctx.at,
        }),
      ctx,
    );
    await this.deliverAll(held, ctx);
    // The stored hold (the original one when this command was a repeat) says what was taken.
    const hold = held[0]?.event;
    if (hold?.type !== "WithdrawalHeld")
      throw new LedgerError("invalid", "The withdrawal was not held.");
    const { fromMain, fromBonus, fee } = hold.data;
    return { fromMain, fromBonus, fee };
  }

  /** Agent method: the proof is the code the player gave, and the agent earns the advance
   *  (subAdminWithdraw, in basis points) on the payout; bank method: the transfer's payment
   *  reference. */
  async approveWithdrawal(
    withdrawalId: string,
    proof: WithdrawalProof,
    ctx: CommandContext,
    advanceBasisPoints = 0,
  ) {
    const agentId = ctx.actor.role === "admin" ? ctx.actor.userId : null;
    const approvedBy = ctx.actor.userId;
    const stored = await this.run(
      withdrawalStream(withdrawalId),
      (s: WithdrawalState) =>
        decideWithdrawal(s, {
          type: "ApproveWithdrawal",
          approvedBy,
          proof,
          agentId,
          advanceBasisPoints,
        }),
      ctx,
    );
    await this.deliverAll(stored, ctx);
  }

  async disapproveWithdrawal(withdrawalId: string, ctx: CommandContext) {
    const disapprovedBy = ctx.actor.userId;
    const stored = await this.run(
      withdrawalStream(withdrawalId),
      (s: WithdrawalState) => decideWithdrawal(s, { type: "DisapproveWithdrawal", disapprovedBy }),
      ctx,
    );
    await this.deliverAll(stored, ctx);
  }

  // Agent charges (money in to an agent's float)

  async requestCharge(request: Request<typeof chargeEvents.ChargeRequested>, ctx: CommandContext) {
    await this.run(
      chargeStream(request.chargeId),
      (s: ChargeState) =>
        decideCharge(s, { type: "RequestCharge", ...request, requestedAt: ctx.at }),
      ctx,
    );
  }

  async approveCharge(chargeId: string, ctx: CommandContext) {
    const approvedBy = ctx.actor.userId;
    const stored = await this.run(
      chargeStream(chargeId),
      (s: ChargeState) => decideCharge(s, { type: "ApproveCharge", approvedBy }),
      ctx,
    );
    await this.deliverAll(stored, ctx);
  }

  async disapproveCharge(chargeId: string, ctx: CommandContext) {
    const disapprovedBy = ctx.actor.userId;
    await this.run(
      chargeStream(chargeId),
      (s: ChargeState) => decideCharge(s, { type: "DisapproveCharge", disapprovedBy }),
      ctx,
    );
  }

  // Bonus

  async grantBonus(userId: string, grantId: string, amount: number, ctx: CommandContext) {
    const grantedBy = ctx.actor.userId;
    await this.handler.execute(
      walletStream(userId),
      (s: WalletState) => decideWallet(s, { type: "GrantBonus", grantId, amount, grantedBy }),
      this.metadata(ctx),
      (i) => stepId("bonus", grantId, i),
    );
  }

  // Rounds (games and lotteries)

  async openRound(round: z.infer<typeof roundEvents.RoundOpened>, ctx: CommandContext) {
    await this.run(
      roundStream(round.roundId),
      (s: RoundState) => decideRound(s, { type: "OpenRound", ...round }),
      ctx,
    );
  }

  /**
   * Stake or lottery ticket: bonus first, then main; refused when the balances are short.
   * Returns the stake's number in the round (a lottery's ticket number).
   */
  async placeStake(
    stake: {
      userId: string;
      roundId: string;
      stakeId: string;
      amount: number;
      selection?: Record<string, JsonValue>;
    },
    ctx: CommandContext,
  ) {
    const { userId, ...placed } = stake;
    const { events: stored, state: wallet } = await this.runForState(
      walletStream(userId),
      (s: WalletState) => decideWallet(s, { type: "PlaceStake", ...placed }),
      ctx,
    );
    const delivered = await this.deliverAll(stored, ctx);
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

  /** A round that takes stakes until a time (a lottery's out date) takes them until another. */
  async moveStakesDeadline(roundId: string, stakesUntil: string, ctx: CommandContext) {
    await this.run(
      roundStream(roundId),
      (s: RoundState) => decideRound(s, { type: "MoveStakesDeadline", stakesUntil }),
      ctx,
    );
  }

  /** No more stakes: the stakes held now are final (before a draw among them). */
  async closeStakes(roundId: string, ctx: CommandContext) {
    await this.run(
      roundStream(roundId),
      (s: RoundState) => decideRound(s, { type: "CloseStakes", at: ctx.at }),
      ctx,
    );
  }

  async settleRound(
    roundId: string,
    payouts: Award[],
    prizes: Award[],
    ctx: CommandContext,
    draw?: Record<string, JsonValue>,
  ) {
    const stored = await this.run(
      roundStream(roundId),
      (s: RoundState) => decideRound(s, { type: "SettleRound", payouts, prizes, draw }),
      ctx,
    );
    await this.deliverAll(stored, ctx);
  }

  /** A round's money as its stream folds: status, stakes (with selections), escrow. */
  readRound(roundId: string): Promise<RoundState> {
    return this.handler.load<RoundState>(roundStream(roundId));
  }

  /**
   * Refunds every stake, exactly once. A round too big for one append is refunded over several
   * (each named by how many stakes were refunded before it, so a repeat after a crash is a no-op).
   */
  async cancelRound(roundId: string, why: string, ctx: CommandContext) {
    for (;;) {
      const { refunded } = await this.readRound(roundId);
      const commandId =
        ctx.commandId && (refunded === 0 ? ctx.commandId : `${ctx.commandId}:${refunded}`);
      const stored = await this.run(
        roundStream(roundId),
        (s: RoundState) => decideRound(s, { type: "CancelRound", why }),
        { ...ctx, commandId },
      );
      await this.deliverAll(stored, ctx);
      if (
        !stored.some((e) => e.event.type === "StakesRefunded") ||
        stored.some((e) => e.event.type === "RoundCancelled")
      )
        return;
    }
  }

  // Transfers

  /**
   * Credits one transfer to its target, exactly once, and returns what the target stored
   * (possibly a further transfer, such as a bounce, which the caller delivers in turn).
   */
  async deliver(
    transfer: Transfer,
    source: StoredEvent,
    ctx: CommandContext,
  ): Promise<StoredEvent[]> {
    const metadata = { ...this.metadata(ctx), causationId: source.id };
    const ids = (index: number) =>
      index === 0 ? creditEventId(transfer.id) : stepId(transfer.id, "credit", index);
    const decide = receiverFor(transfer, source);
    // A round's stakes arrive from many wallets at once (a lottery's sale): batched appends.
    const batched = parseStreamId(transfer.to).kind === "round" && transfer.reason === "stake";
    const result = batched
      ? await this.handler.executeBatched(transfer.to, decide, metadata, ids)
      : await this.handler.execute(transfer.to, decide, metadata, ids);
    return result.events;
  }

  /** Delivers every transfer the given events sent, and the ones those credits send, in order. */
  async deliverAll(events: StoredEvent[], ctx: CommandContext): Promise<StoredEvent[]> {
    const delivered: StoredEvent[] = [];
    let pending = events.flatMap((source) =>
      transfersSent(source.event).map((transfer) => ({ transfer, source })),
    );
    while (pending.length > 0) {
      const next: typeof pending = [];
      for (const { transfer, source } of pending) {
        const credited = await this.deliver(transfer, source, ctx);
        delivered.push(...credited);
        next.push(
          ...credited.flatMap((e) =>
            transfersSent(e.event).map((t) => ({ transfer: t, source: e })),
          ),
        );
      }
      pending = next;
    }
    return delivered;
  }

  private async run(
    streamId: string,
    decide: (state: never) => LedgerEvent[],
    ctx: CommandContext,
  ) {
    return (await this.runForState(streamId, decide, ctx)).events;
  }

  /** Runs the decision; its stored events and the stream's state after them. */
  private runForState<State>(
    streamId: string,
    decide: (state: State) => LedgerEvent[],
    ctx: CommandContext,
  ) {
    const ids = (index: number) =>
      ctx.commandId ? stepId(ctx.commandId, streamId, index) : randomUUID();
    return this.handler.execute<State>(streamId, decide, this.metadata(ctx), ids);
  }

  private idFor(ctx: CommandContext, ...parts: string[]): string {
    return ctx.commandId ? stepId(ctx.commandId, ...parts) : randomUUID();
  }

  private metadata(ctx: CommandContext): EventMetadata {
    const correlationId = ctx.correlationId ?? ctx.requestId ?? ctx.commandId ?? randomUUID();
    return {
      actor: ctx.actor,
      correlationId,
      occurredAt: ctx.at,
      ...(ctx.requestId && { requestId: ctx.requestId }),
    };
  }
}

function assertAgentDepositFits(deposit: DepositState, presented: PresentedCode) {
  const request = deposit.request;
  if (!request) throw new LedgerError("not_found", "Deposit request not found.");
  if (deposit.status !== "pending") {
    throw new LedgerError("not_pending", `This deposit request is already ${deposit.status}.`);
  }
  if (request.method !== "agent")
    throw new LedgerError("invalid", "This deposit is not an agent deposit.");
  if (!codeMatches(request.depositCode, presented))
    throw new LedgerError("wrong_code", "The deposit code does not match.");
  return request;
}

/** The target stream's decision for an arriving transfer, given the event that sent it. */
function receiverFor(transfer: Transfer, source: StoredEvent): (state: never) => LedgerEvent[] {
  const from = source.streamId;
  const { kind } = parseStreamId(transfer.to);
  const sender = parseStreamId(from);
  const event = source.event;
  switch (kind) {
    case "wallet":
      return (s) => decideWallet(s, { type: "Receive", transfer, from });
    case "agent":
      return (s) => decideAgent(s, { type: "Receive", transfer, from });
    case "deposit":
      if (event.type !== "AgentDepositFunded") break;
      return (s) =>
        decideDeposit(s, {
          type: "Receive",
          transfer,
          from,
          agentId: sender.id,
          depositCode: event.data.depositCode,
        });
    case "withdrawal":
      if (event.type !== "WithdrawalHeld") break;
      return (s) =>
        decideWithdrawal(s, { type: "Receive", from, userId: sender.id, held: event.data });
    case "round":
      if (event.type !== "StakePlaced") break;
      return (s) =>
        decideRound(s, {
          type: "Receive",
          from,
          userId: sender.id,
          placed: event.data,
          placedAt: source.metadata.occurredAt,
        });
    case "charge":
      break;
  }
  throw new LedgerError("invalid", `A ${event.type} cannot send money to ${transfer.to}.`);
}

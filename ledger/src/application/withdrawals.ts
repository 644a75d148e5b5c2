import { LedgerError } from "../domain/ledger-error.ts";
import { walletStream, withdrawalStream } from "../domain/stream-ids.ts";
import { decideWallet, type WalletCommand } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import { decideWithdrawal, type WithdrawalProof } from "../domain/withdrawal/withdrawal.decide.ts";
import type { WithdrawalState } from "../domain/withdrawal/withdrawal.events.ts";
import { type CommandContext, idFor, run } from "./command-context.ts";
import type { CommandHandler } from "./command-handler.ts";
import type { Transfers } from "./transfers.ts";

type WithdrawalRequest = Omit<
  Extract<WalletCommand, { type: "HoldWithdrawal" }>,
  "type" | "transferId" | "at"
>;

/** Money out: held from the wallet at the request, then paid out or given back. */
export class Withdrawals {
  constructor(
    private readonly handler: CommandHandler,
    private readonly transfers: Transfers,
  ) {}

  /** Holds the money at once: wallet → the withdrawal's own stream, with the fee fixed now.
   *  Returns how the amount was taken and the fee. */
  async request(request: WithdrawalRequest, ctx: CommandContext) {
    const transferId = idFor(ctx, "withdrawal-hold", request.withdrawalId);
    const held = await run(
      this.handler,
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
    await this.transfers.deliverAll(held, ctx);
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
  async approve(
    withdrawalId: string,
    proof: WithdrawalProof,
    ctx: CommandContext,
    advanceBasisPoints = 0,
  ) {
    const agentId = ctx.actor.role === "admin" ? ctx.actor.userId : null;
    const approvedBy = ctx.actor.userId;
    const stored = await run(
      this.handler,
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
    await this.transfers.deliverAll(stored, ctx);
  }

  async disapprove(withdrawalId: string, ctx: CommandContext) {
    const disapprovedBy = ctx.actor.userId;
    const stored = await run(
      this.handler,
      withdrawalStream(withdrawalId),
      (s: WithdrawalState) => decideWithdrawal(s, { type: "DisapproveWithdrawal", disapprovedBy }),
      ctx,
    );
    await this.transfers.deliverAll(stored, ctx);
  }
}

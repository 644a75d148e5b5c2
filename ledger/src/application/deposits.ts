import { decideAgent } from "../domain/agent/agent.decide.ts";
import type { AgentState } from "../domain/agent/agent.events.ts";
import { decideDeposit } from "../domain/deposit/deposit.decide.ts";
import type { DepositState, depositEvents } from "../domain/deposit/deposit.events.ts";
import { LedgerError } from "../domain/ledger-error.ts";
import { codeMatches, comparableForm, type PresentedCode } from "../domain/request-code.ts";
import { agentStream, depositStream, walletStream } from "../domain/stream-ids.ts";
import { decideWallet } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import {
  type CommandContext,
  eventIdsFor,
  idFor,
  metadataOf,
  type Request,
  run,
} from "./command-context.ts";
import type { CommandHandler, StreamDecision } from "./command-handler.ts";
import type { Transfers } from "./transfers.ts";

/** Money in from outside: a player's deposit, paid by bank transfer or by an agent's float. */
export class Deposits {
  constructor(
    private readonly handler: CommandHandler,
    private readonly transfers: Transfers,
  ) {}

  /**
   * A deposit request, counted in the player's wallet against the deposit limits (and refused
   * during a time-out or exclusion) in the same append as the request itself, so two requests
   * at once cannot both pass a limit (docs/safer-play.md). Without atomic multi-stream appends
   * the count is stored first: a crash between counts a request never made, never the reverse.
   */
  async request(request: Request<typeof depositEvents.DepositRequested>, ctx: CommandContext) {
    const wallet = walletStream(request.userId);
    const count: StreamDecision<WalletState> = {
      decide: (s) =>
        decideWallet(s, {
          type: "CountDeposit",
          depositId: request.depositId,
          amount: request.amount,
          at: ctx.at,
        }),
      metadata: metadataOf(ctx),
      eventIds: eventIdsFor(ctx, wallet),
    };
    const streamId = depositStream(request.depositId);
    await this.handler.executeAcross(wallet, count, streamId, () => ({
      decide: (s: DepositState) =>
        decideDeposit(s, { type: "RequestDeposit", ...request, requestedAt: ctx.at }),
      metadata: metadataOf(ctx),
      eventIds: eventIdsFor(ctx, streamId),
    }));
  }

  async approveBank(depositId: string, ctx: CommandContext) {
    const streamId = depositStream(depositId);
    const approvedBy = ctx.actor.userId;
    const stored = await run(
      this.handler,
      streamId,
      (s: DepositState) => decideDeposit(s, { type: "ApproveBankDeposit", approvedBy }),
      ctx,
    );
    await this.transfers.deliverAll(stored, ctx);
  }

  /**
   * An agent pays a player's agent deposit from its float: float → deposit → wallet. When
   * another approval got there first, the money returns to this agent and this call fails.
   */
  async approveAgent(depositId: string, presented: PresentedCode, ctx: CommandContext) {
    const deposit = await this.handler.load<DepositState>(depositStream(depositId));
    const request = assertAgentDepositFits(deposit, presented);
    const depositCode = comparableForm(request.depositCode, presented);
    const agentId = ctx.actor.userId;
    const transferId = idFor(ctx, "agent-deposit", depositId);
    const funded = await run(
      this.handler,
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
    const delivered = await this.transfers.deliverAll(funded, ctx);
    const returned = delivered.find((e) => e.event.type === "AgentFundsReturned");
    if (returned?.event.type === "AgentFundsReturned") {
      throw new LedgerError("not_pending", returned.event.data.why);
    }
  }

  async disapprove(depositId: string, ctx: CommandContext) {
    const disapprovedBy = ctx.actor.userId;
    await run(
      this.handler,
      depositStream(depositId),
      (s: DepositState) => decideDeposit(s, { type: "DisapproveDeposit", disapprovedBy }),
      ctx,
    );
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

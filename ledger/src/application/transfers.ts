import { decideAgent } from "../domain/agent/agent.decide.ts";
import { decideDeposit } from "../domain/deposit/deposit.decide.ts";
import { LedgerError } from "../domain/ledger-error.ts";
import { transfersSent } from "../domain/money-flow.ts";
import { decideRound } from "../domain/round/round.decide.ts";
import { parseStreamId } from "../domain/stream-ids.ts";
import type { LedgerEvent } from "../domain/stream-kinds.ts";
import { creditEventId, stepId, type Transfer } from "../domain/transfer.ts";
import { decideWallet, walletCredit } from "../domain/wallet/wallet.decide.ts";
import { decideWithdrawal } from "../domain/withdrawal/withdrawal.decide.ts";
import { MAX_EVENTS_PER_APPEND } from "../event-store/validate-new-events.ts";
import { type CommandContext, metadataOf } from "./command-context.ts";
import type { CommandHandler, Credit, StoredEvent, StreamDecision } from "./command-handler.ts";

/** The credit side of every transfer: the second step of each use case, and the reactor's. */
export class Transfers {
  constructor(private readonly handler: CommandHandler) {}

  /**
   * Credits one transfer to its target, exactly once, and returns what the target stored
   * (possibly a further transfer, such as a bounce, which the caller delivers in turn).
   */
  async deliver(
    transfer: Transfer,
    source: StoredEvent,
    ctx: CommandContext,
  ): Promise<StoredEvent[]> {
    const { decide, metadata, eventIds } = creditOf(transfer, source, ctx);
    // A round's stakes arrive from many wallets at once (a lottery's sale): batched appends.
    const batched = parseStreamId(transfer.to).kind === "round" && transfer.reason === "stake";
    const result = batched
      ? await this.handler.executeBatched(transfer.to, decide, metadata, eventIds)
      : await this.handler.execute(transfer.to, decide, metadata, eventIds);
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
}

/**
 * The wallets' credits of every transfer the given events send, to be stored with them in one
 * append (CommandHandler.executeWithCredits): the same events, ids and metadata as delivering
 * them one by one. Null when a transfer goes elsewhere than to a wallet (its target may refuse
 * or send on) or a wallet would take more credits than one append holds: then they are
 * delivered in turn.
 */
export function walletCredits(events: StoredEvent[], ctx: CommandContext): Credit[] | null {
  const credits: Credit[] = [];
  const perWallet = new Map<string, number>();
  for (const source of events) {
    for (const transfer of transfersSent(source.event)) {
      if (parseStreamId(transfer.to).kind !== "wallet") return null;
      const count = (perWallet.get(transfer.to) ?? 0) + 1;
      if (count > MAX_EVENTS_PER_APPEND) return null;
      perWallet.set(transfer.to, count);
      credits.push({
        streamId: transfer.to,
        event: walletCredit(transfer, source.streamId),
        id: creditEventId(transfer.id),
        metadata: { ...metadataOf(ctx), causationId: source.id },
      });
    }
  }
  return credits;
}

/**
 * The credit of a transfer as a decision on its target stream. Its first event's id is derived
 * from the transfer's: the reactor sees the transfer delivered, and a second delivery is a no-op.
 */
export function creditOf(
  transfer: Transfer,
  source: StoredEvent,
  ctx: CommandContext,
): StreamDecision<never> {
  return {
    decide: receiverFor(transfer, source),
    metadata: { ...metadataOf(ctx), causationId: source.id },
    eventIds: (index) =>
      index === 0 ? creditEventId(transfer.id) : stepId(transfer.id, "credit", index),
  };
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

import { LIMIT_KINDS, type LimitKind, WINDOW_OF } from "@igp/shared";
import { walletStream } from "../domain/stream-ids.ts";
import { breakAt, limitAt, type PlayState, totalsAt } from "../domain/wallet/safer-play.ts";
import { decideWallet, type WalletCommand } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import { type CommandContext, runForState } from "./command-context.ts";
import type { CommandHandler } from "./command-handler.ts";

/** One limit as the player and staff see it (minor units). */
export interface LimitView {
  limit: LimitKind;
  /** In force now (null: none). */
  amount: number | null;
  /** A raise or removal waiting: its amount (null: removal) and when it applies. */
  next: { amount: number | null; appliesAt: string } | null;
  /** Counted so far in the limit's window (deposits, or net loss); null for the stake limit. */
  used: number | null;
}

export interface SaferPlayView {
  limits: LimitView[];
  breakTaken: { kind: "timeOut" | "selfExclusion"; until: string | null } | null;
  ageConfirmed: boolean;
}

/** What a wallet's safer-play state means at `at`. */
export function saferPlayView(play: PlayState | undefined, at: string): SaferPlayView {
  const totals = totalsAt(play, at);
  const limits = LIMIT_KINDS.map((limit): LimitView => {
    const entry = play?.limits[limit];
    const amount = limitAt(play, limit, at);
    const waiting = entry?.next && entry.next.from > at ? entry.next : null;
    const window = WINDOW_OF[limit];
    const used =
      window === null
        ? null
        : limit.startsWith("deposit")
          ? totals[window].deposited
          : totals[window].staked - totals[window].returned;
    return {
      limit,
      amount,
      next: waiting && { amount: waiting.amount, appliesAt: waiting.from },
      used,
    };
  });
  return {
    limits,
    breakTaken: breakAt(play, at),
    ageConfirmed: play?.ageConfirmed ?? false,
  };
}

/**
 * The player's own protections, each an event in the wallet stream (who, when, what): the
 * stakes and deposits that the wallet decides are checked against them (docs/safer-play.md).
 * Nothing here lifts a time-out or an exclusion: there is no such command.
 */
export class SaferPlay {
  constructor(private readonly handler: CommandHandler) {}

  async view(userId: string, at: string): Promise<SaferPlayView> {
    const wallet = await this.handler.load<WalletState>(walletStream(userId));
    return saferPlayView(wallet.play, at);
  }

  async setLimit(userId: string, limit: LimitKind, amount: number | null, ctx: CommandContext) {
    return this.run(userId, ctx, {
      type: "SetPlayLimit",
      limit,
      amount,
      at: ctx.at,
      setBy: ctx.actor.userId,
    });
  }

  async takeBreak(
    userId: string,
    kind: "timeOut" | "selfExclusion",
    until: string | null,
    ctx: CommandContext,
  ) {
    return this.run(userId, ctx, {
      type: "TakeBreak",
      kind,
      until,
      at: ctx.at,
      takenBy: ctx.actor.userId,
    });
  }

  async confirmAge(userId: string, minimumAge: number, ctx: CommandContext) {
    return this.run(userId, ctx, { type: "ConfirmAge", minimumAge, at: ctx.at });
  }

  private async run(userId: string, ctx: CommandContext, command: WalletCommand) {
    const { state } = await runForState(
      this.handler,
      walletStream(userId),
      (s: WalletState) => decideWallet(s, command),
      ctx,
    );
    return saferPlayView(state.play, ctx.at);
  }
}

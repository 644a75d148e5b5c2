import { walletStream } from "../domain/stream-ids.ts";
import { stepId } from "../domain/transfer.ts";
import { decideWallet } from "../domain/wallet/wallet.decide.ts";
import type { WalletState } from "../domain/wallet/wallet.events.ts";
import { type CommandContext, metadataOf } from "./command-context.ts";
import type { CommandHandler } from "./command-handler.ts";

/** Bonus money the house grants straight into a wallet (no transfer to deliver). */
export class Bonuses {
  constructor(private readonly handler: CommandHandler) {}

  async grant(userId: string, grantId: string, amount: number, ctx: CommandContext) {
    const grantedBy = ctx.actor.userId;
    // Event ids from the grant id: granting the same grant twice stores it once.
    await this.handler.execute(
      walletStream(userId),
      (s: WalletState) => decideWallet(s, { type: "GrantBonus", grantId, amount, grantedBy }),
      metadataOf(ctx),
      (i) => stepId("bonus", grantId, i),
    );
  }
}

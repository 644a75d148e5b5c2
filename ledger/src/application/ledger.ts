import { Bonuses } from "./bonuses.ts";
import { Charges } from "./charges.ts";
import type { CommandHandler } from "./command-handler.ts";
import { Deposits } from "./deposits.ts";
import { Rounds, type RoundsOptions } from "./rounds.ts";
import { SaferPlay } from "./safer-play.ts";
import { Transfers } from "./transfers.ts";
import { Withdrawals } from "./withdrawals.ts";

export type { CommandContext } from "./command-context.ts";
export type { RoundsOptions } from "./rounds.ts";
export type { LimitView, SaferPlayView } from "./safer-play.ts";

/**
 * The ledger's use cases, one part per kind of stream. Each use case runs its steps in order:
 * the debit where the invariant is checked, then every credit it causes, through `transfers`
 * (docs/architecture.md, ledger rule 2). If the process stops between steps, the transfer
 * reactor delivers the missing credits.
 */
export class Ledger {
  readonly transfers: Transfers;
  readonly deposits: Deposits;
  readonly withdrawals: Withdrawals;
  readonly charges: Charges;
  readonly bonuses: Bonuses;
  readonly rounds: Rounds;
  readonly saferPlay: SaferPlay;

  constructor(
    readonly handler: CommandHandler,
    options: RoundsOptions = {},
  ) {
    this.transfers = new Transfers(handler);
    this.deposits = new Deposits(handler, this.transfers);
    this.withdrawals = new Withdrawals(handler, this.transfers);
    this.charges = new Charges(handler, this.transfers);
    this.bonuses = new Bonuses(handler);
    this.rounds = new Rounds(handler, this.transfers, options);
    this.saferPlay = new SaferPlay(handler);
  }
}

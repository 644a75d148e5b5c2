import { z } from "zod";

/** What a money notice tells a player (docs/realtime.md, `moneyNotice` on the player channel). */
export const MONEY_NOTICE_KINDS = [
  "depositApproved",
  "depositRefused",
  "withdrawalPaid",
  "withdrawalRefused",
  "lotteryWon",
  "lotteryLost",
] as const;
export type MoneyNoticeKind = (typeof MONEY_NOTICE_KINDS)[number];

/**
 * `moneyNotice`: money the player asked for or played with was decided. Sent once the read
 * models hold the decision (the lists read then show it), once per ledger event; a client that
 * reconnects may receive it again and drops it by `id`.
 */
export const moneyNoticeSchema = z.object({
  /** The ledger event that decided it (one notice per event and player). */
  id: z.string(),
  kind: z.enum(MONEY_NOTICE_KINDS),
  /**
   * Major units: the deposit; the withdrawal's payout (paid) or amount back in the balances
   * (refused); the money prizes won; the price of the tickets that did not win.
   */
  amount: z.number(),
  /** When the ledger recorded the decision, epoch milliseconds. */
  at: z.number(),
  /** Deposits and withdrawals: 'Agent Deposit', 'agent', or the bank's name. */
  method: z.string().optional(),
  /** A bank withdrawal paid: the payment reference of the transfer. */
  reference: z.string().optional(),
  /** Lotteries: which one, the player's tickets, and the awards won (a phone…), by label. */
  lottery: z
    .object({
      code: z.string(),
      title: z.string(),
      tickets: z.array(z.number()),
      awards: z.array(z.string()),
    })
    .optional(),
});
export type MoneyNotice = z.infer<typeof moneyNoticeSchema>;

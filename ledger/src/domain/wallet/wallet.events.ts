import { amountMinorSchema, partMinorSchema } from "@igp/shared";
import { z } from "zod";
import { idSchema, isoTime, jsonValue, shortText, streamIdSchema } from "../common-schemas.ts";
import type { EventUnion } from "../event-union.ts";
import { codeCopies } from "../request-code.ts";
import { CREDIT_REASONS, transferSchema } from "../transfer.ts";
import {
  countReturned,
  countStaked,
  evolvePlay,
  type PlayState,
  saferPlayEvents,
} from "./safer-play.ts";

/** What a withdrawal request says, from the hold in the wallet to the request's own stream. */
export const withdrawalDetails = z.object({
  withdrawalId: idSchema,
  fromMain: partMinorSchema,
  fromBonus: partMinorSchema,
  fee: partMinorSchema,
  method: z.enum(["agent", "bank"]),
  bankName: shortText.optional(),
  accountNumber: shortText,
  /** The code's keyed digest (`h1:`…), or the code itself for requests made before digests. */
  withdrawCode: idSchema,
  ...codeCopies,
  requestedAt: isoTime,
});

/** wallet-<userId>: a player's main (withdrawable) and bonus (playable) balances. */
export const walletEvents = {
  WalletCredited: z.object({
    transferId: z.uuid(),
    from: streamIdSchema,
    amount: amountMinorSchema,
    main: partMinorSchema,
    bonus: partMinorSchema,
    reason: z.enum(CREDIT_REASONS),
  }),
  BonusGranted: z.object({
    grantId: idSchema,
    amount: amountMinorSchema,
    grantedBy: idSchema,
    note: shortText.optional(),
  }),
  StakePlaced: z.object({
    transfer: transferSchema,
    roundId: idSchema,
    fromMain: partMinorSchema,
    fromBonus: partMinorSchema,
    selection: z.record(z.string(), jsonValue).optional(),
    /** When it was placed: it counts in that day's, week's and month's loss (safer-play.ts). */
    at: isoTime.optional(),
  }),
  WithdrawalHeld: withdrawalDetails.extend({ transfer: transferSchema }),
  ...saferPlayEvents,
} as const;

export interface WalletState {
  main: number;
  bonus: number;
  /** Limits, breaks, age and the windows' totals; absent until the first of them. */
  play?: PlayState;
}

/** Credits that are stakes coming back: they lower the player's loss in the window. */
const RETURNS = new Set(["stakeReturned", "stakeRefund", "payout", "prize"]);

export const initialWallet = (): WalletState => ({ main: 0, bonus: 0 });

export type WalletEvent = EventUnion<typeof walletEvents>;

export function evolveWallet(state: WalletState, event: WalletEvent): WalletState {
  switch (event.type) {
    case "WalletCredited": {
      const next = {
        ...state,
        main: state.main + event.data.main,
        bonus: state.bonus + event.data.bonus,
      };
      if (!state.play || !RETURNS.has(event.data.reason)) return next;
      return { ...next, play: countReturned(state.play, event.data.amount) };
    }
    case "BonusGranted":
      return { ...state, bonus: state.bonus + event.data.amount };
    case "StakePlaced": {
      const next = {
        ...state,
        main: state.main - event.data.fromMain,
        bonus: state.bonus - event.data.fromBonus,
      };
      const { at, transfer } = event.data;
      return at ? { ...next, play: countStaked(state.play, at, transfer.amount) } : next;
    }
    case "WithdrawalHeld":
      return {
        ...state,
        main: state.main - event.data.fromMain,
        bonus: state.bonus - event.data.fromBonus,
      };
    case "PlayLimitSet":
    case "PlayBreakTaken":
    case "AgeConfirmed":
    case "DepositCounted":
      return { ...state, play: evolvePlay(state.play, event) };
  }
}

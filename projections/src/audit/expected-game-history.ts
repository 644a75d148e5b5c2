import type { LedgerEvent, RecordedEvent, Stake } from "@igp/ledger";
import {
  creditsByPlayer,
  type Pick,
  picksOf,
  placesByPlayer,
} from "../read-models/game-history.rules.ts";
import { SortedRows } from "./sorted-rows.ts";

/** A game history row as the audit compares it (picks flattened and sorted). */
export interface GameHistoryRow {
  game: string;
  stake: number;
  picks: string[];
  payout: number;
  refunded: number;
  outcome: "open" | "won" | "lost" | "refunded";
  places: number[];
}

/** What a round credits a player beside the stakes: payouts and prizes, refunds, places drawn. */
interface Credits {
  payout: number;
  refunded: number;
  places: number[];
}

interface RoundInPlay {
  game: string;
  ended: "settled" | "cancelled" | null;
  credits: Map<string, Credits>;
}

/** Picks in one order, whichever way they were stored. */
export const sortedPicks = (picks: Pick[]) => picks.map(String).sort();

/**
 * The game history the round events call for, folded in memory apart from the projector's SQL:
 * the audit compares it with `player_game_history`, key "<roundId> <userId>". While a round is
 * open only what it credits is folded here; its stakes are the replay's round state's (each
 * stake held once in the audit), given when its rows go to `rows` (in key order, memory
 * bounded): when the round ends, or when the projections' checkpoint is reached.
 */
export class ExpectedGameHistory {
  readonly rows: SortedRows<GameHistoryRow>;
  private readonly rounds = new Map<string, RoundInPlay>();

  constructor(directory: () => string, inMemory: number) {
    this.rows = new SortedRows(directory, "game-history", inMemory);
  }

  /** One event, as the replay parsed it. */
  apply(recorded: RecordedEvent, event: LedgerEvent) {
    if (!recorded.streamId.startsWith("round-")) return;
    const roundId = recorded.streamId.slice("round-".length);
    if (event.type === "RoundOpened") {
      this.rounds.set(roundId, { game: event.data.game, ended: null, credits: new Map() });
      return;
    }
    const round = this.rounds.get(roundId);
    if (round) applyToRound(round, event);
  }

  /**
   * A round's rows as they stand, with the stakes it holds (returned ones left out): final when
   * its stream has ended. A player's row is there while they hold a stake.
   */
  end(roundId: string, stakes: readonly Stake[]) {
    const round = this.rounds.get(roundId);
    if (!round) return;
    this.rounds.delete(roundId);
    const players = new Map<string, { stake: number; picks: Pick[] }>();
    for (const held of stakes) {
      const player = players.get(held.userId) ?? { stake: 0, picks: [] };
      player.stake += held.amount;
      player.picks.push(...picksOf(round.game, held));
      players.set(held.userId, player);
    }
    for (const [userId, { stake, picks }] of players) {
      const { payout, refunded, places } = round.credits.get(userId) ?? noCredits();
      this.rows.add(`${roundId} ${userId}`, {
        game: round.game,
        stake,
        picks: sortedPicks(picks),
        payout,
        refunded,
        outcome: outcomeOf(round.ended, payout, places),
        places,
      });
    }
  }

  /** Rounds folded here that the replay did not hand back (none in a sound ledger). */
  endAll() {
    for (const roundId of [...this.rounds.keys()]) this.end(roundId, []);
  }
}

const noCredits = (): Credits => ({ payout: 0, refunded: 0, places: [] });

function outcomeOf(ended: RoundInPlay["ended"], payout: number, places: number[]) {
  if (ended === "cancelled") return "refunded";
  if (ended === "settled") return payout > 0 || places.length > 0 ? "won" : "lost";
  return "open";
}

/** A player's credits in a round, made when first credited. */
function creditsOf(round: RoundInPlay, userId: string): Credits {
  const credits = round.credits.get(userId) ?? noCredits();
  round.credits.set(userId, credits);
  return credits;
}

function addCredits(
  round: RoundInPlay,
  credits: Map<string, number>,
  field: "payout" | "refunded",
) {
  for (const [userId, amount] of credits) creditsOf(round, userId)[field] += amount;
}

function applyToRound(round: RoundInPlay, event: LedgerEvent) {
  switch (event.type) {
    case "RoundPaid":
      addCredits(round, creditsByPlayer([...event.data.payouts, ...event.data.prizes]), "payout");
      return;
    case "RoundSettled":
      addCredits(round, creditsByPlayer([...event.data.payouts, ...event.data.prizes]), "payout");
      for (const [userId, places] of placesByPlayer(event.data.draw))
        creditsOf(round, userId).places = places;
      round.ended = "settled";
      return;
    case "StakesRefunded":
      addCredits(round, creditsByPlayer(event.data.refunds), "refunded");
      return;
    case "RoundCancelled":
      addCredits(round, creditsByPlayer(event.data.refunds), "refunded");
      round.ended = "cancelled";
      return;
    default:
      return;
  }
}

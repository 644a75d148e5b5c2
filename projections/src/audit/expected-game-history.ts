import { type LedgerEvent, parseStreamId, type RecordedEvent } from "@igp/ledger";
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

interface PlayerInRound extends Omit<GameHistoryRow, "picks"> {
  /** Picks of each stake held, by its transfer id. */
  stakes: Map<string, Pick[]>;
}

/** Picks in one order, whichever way they were stored. */
export const sortedPicks = (picks: Pick[]) => picks.map(String).sort();

/**
 * The game history the round events call for, folded in memory apart from the projector's SQL:
 * the audit compares it with `player_game_history`, key "<roundId> <userId>". A round is folded
 * in memory while it is open; its rows go to `rows` (in key order, memory bounded) when it ends,
 * or when the projections' checkpoint is reached (`endAll`).
 */
export class ExpectedGameHistory {
  readonly rows: SortedRows<GameHistoryRow>;
  private readonly rounds = new Map<
    string,
    { game: string; players: Map<string, PlayerInRound> }
  >();

  constructor(directory: () => string, inMemory: number) {
    this.rows = new SortedRows(directory, "game-history", inMemory);
  }

  /** One event, as the replay parsed it. */
  apply(recorded: RecordedEvent, event: LedgerEvent) {
    if (!recorded.streamId.startsWith("round-")) return;
    const roundId = recorded.streamId.slice("round-".length);
    if (event.type === "RoundOpened") {
      this.rounds.set(roundId, { game: event.data.game, players: new Map() });
      return;
    }
    const round = this.rounds.get(roundId);
    if (round) this.applyToRound(round, event);
  }

  /** A round's stream ended: its rows are final. */
  end(roundId: string) {
    const round = this.rounds.get(roundId);
    if (!round) return;
    this.rounds.delete(roundId);
    const ids = [...round.players.keys()].sort();
    for (const userId of ids) {
      const { game, stake, stakes, payout, refunded, outcome, places } = round.players.get(userId)!;
      const picks = sortedPicks([...stakes.values()].flat());
      this.rows.add(`${roundId} ${userId}`, {
        game,
        stake,
        picks,
        payout,
        refunded,
        outcome,
        places,
      });
    }
  }

  /** The rounds still open at the checkpoint: their rows as they stand. */
  endAll() {
    for (const roundId of [...this.rounds.keys()]) this.end(roundId);
  }

  private applyToRound(
    round: { game: string; players: Map<string, PlayerInRound> },
    event: LedgerEvent,
  ) {
    const { players } = round;
    const add = (credits: Map<string, number>, field: "payout" | "refunded") => {
      for (const [userId, amount] of credits) {
        const player = players.get(userId);
        if (player) player[field] += amount;
      }
    };
    switch (event.type) {
      case "StakeReceived": {
        const { userId, transferId, amount } = event.data;
        const player = players.get(userId) ?? newPlayer(round.game);
        player.stake += amount;
        player.stakes.set(transferId, picksOf(round.game, event.data));
        players.set(userId, player);
        return;
      }
      case "StakeReturned": {
        const userId = parseStreamId(event.data.transfer.to).id;
        const player = players.get(userId);
        if (!player?.stakes.delete(event.data.stakeTransferId)) return;
        player.stake -= event.data.transfer.amount;
        if (player.stakes.size === 0) players.delete(userId);
        return;
      }
      case "RoundPaid":
        add(creditsByPlayer([...event.data.payouts, ...event.data.prizes]), "payout");
        return;
      case "RoundSettled":
        add(creditsByPlayer([...event.data.payouts, ...event.data.prizes]), "payout");
        for (const [userId, places] of placesByPlayer(event.data.draw)) {
          const player = players.get(userId);
          if (player) player.places = places;
        }
        for (const player of players.values())
          player.outcome = player.payout > 0 || player.places.length > 0 ? "won" : "lost";
        return;
      case "StakesRefunded":
        add(creditsByPlayer(event.data.refunds), "refunded");
        return;
      case "RoundCancelled":
        add(creditsByPlayer(event.data.refunds), "refunded");
        for (const player of players.values()) player.outcome = "refunded";
        return;
      default:
        return;
    }
  }
}

function newPlayer(game: string): PlayerInRound {
  return {
    game,
    stake: 0,
    stakes: new Map(),
    payout: 0,
    refunded: 0,
    outcome: "open",
    places: [],
  };
}

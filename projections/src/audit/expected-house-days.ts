import {
  evolveHouse,
  type HouseState,
  initialHouse,
  type LedgerEvent,
  parseStreamId,
  type RecordedEvent,
} from "@igp/ledger";
import { houseDay } from "../read-models/balances.projector.ts";

/** The streams whose events move the house: rounds (cuts, prizes), withdrawals and charges. */
const HOUSE_STREAMS = new Set(["round", "withdrawal", "charge"]);

/**
 * The house's figures per UTC day the events call for, folded in memory apart from the
 * projector's SQL: the audit compares them with `house_days`, keyed by day (YYYY-MM-DD). Their
 * sum is the house balance the replay folds. Held whole: a row per day, not per event.
 */
export class ExpectedHouseDays {
  private readonly days = new Map<string, HouseState>();

  /** One event, as the replay parsed it. */
  apply(recorded: RecordedEvent, event: LedgerEvent) {
    // The replay parsed the event, so its stream's id is one of the ledger's (parseStreamId).
    if (!HOUSE_STREAMS.has(parseStreamId(recorded.streamId).kind)) return;
    const change = evolveHouse(initialHouse(), event);
    if (Object.values(change).every((value) => value === 0)) return;
    const day = houseDay(String(recorded.metadata.occurredAt));
    const before = this.days.get(day) ?? initialHouse();
    this.days.set(day, {
      roundCuts: before.roundCuts + change.roundCuts,
      withdrawalFees: before.withdrawalFees + change.withdrawalFees,
      prizesPaid: before.prizesPaid + change.prizesPaid,
      agentAdvances: before.agentAdvances + change.agentAdvances,
      balance: before.balance + change.balance,
    });
  }

  rows(): Map<string, HouseState> {
    return this.days;
  }
}

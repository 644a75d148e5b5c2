import {
  evolveHouse,
  type HouseState,
  initialHouse,
  type LedgerEvent,
  parseLedgerEvent,
  parseStreamId,
  type RecordedEvent,
} from "@igp/ledger";
import { houseDay } from "../read-models/balances.projector.ts";

/** The streams whose events move the house: rounds (cuts, prizes), withdrawals and charges. */
const HOUSE_STREAMS = new Set(["round", "withdrawal", "charge"]);

/**
 * The house's figures per UTC day the events call for, folded in memory apart from the
 * projector's SQL: the audit compares them with `house_days`, keyed by day (YYYY-MM-DD). Their
 * sum is the house balance the replay folds.
 */
export class ExpectedHouseDays {
  private readonly days = new Map<string, HouseState>();

  apply(recorded: RecordedEvent) {
    let event: LedgerEvent;
    try {
      if (!HOUSE_STREAMS.has(parseStreamId(recorded.streamId).kind)) return;
      event = parseLedgerEvent(recorded.streamId, recorded.type, recorded.data);
    } catch {
      return; // the ledger replay reports it
    }
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

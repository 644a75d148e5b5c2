import { describe } from "vitest";
import { describeEventStoreContract } from "../event-store.contract.ts";
import { createKurrentDbEventStore } from "./kurrentdb-event-store.ts";

const url = process.env.KURRENTDB_URL;

// No KurrentDB server can be installed on the development machines: the suite runs wherever
// KURRENTDB_URL points at one, and reports itself as skipped otherwise.
describe.skipIf(!url)("KurrentDB (skipped: no KURRENTDB_URL)", () => {
  const open = async () => createKurrentDbEventStore({ connectionString: url!, idlePollMs: 20 });
  describeEventStoreContract("KurrentDB", open, open);
});

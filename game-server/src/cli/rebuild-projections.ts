import { rebuildProjections } from "@igp/projections";
import { tryWorkersLock } from "../workers/background-workers.ts";
import { openToolDatabase, runTool } from "./tool-database.ts";

/** `npm run rebuild-projections`: empties the read models and replays the ledger into them. */
runTool(async () => {
  const database = await openToolDatabase();
  const lock = await tryWorkersLock(database.pool);
  try {
    if (!lock) {
      console.error("A running server's workers hold the projections: stop the server first.");
      return 1;
    }
    const { events, tables } = await rebuildProjections(database.store, database.pool);
    console.log(`Rebuilt ${tables.join(", ")} from ${events} events.`);
    return 0;
  } finally {
    lock?.release();
    await database.close();
  }
});

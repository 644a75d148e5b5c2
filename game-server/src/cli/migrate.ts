import { openToolDatabase, runTool } from "./tool-database.ts";

/** `npm run migrate`: applies pending migrations (start-up does the same). */
runTool(async () => {
  const database = await openToolDatabase();
  await database.close();
  console.log("Migrations are up to date.");
  return 0;
});

import { randomBytes } from "node:crypto";
import { createDatabase, dropDatabase, migrateUp } from "@igp/game-server";
import { inject } from "vitest";

/** A fresh, migrated database on the embedded test server, private to the caller. */
export async function createTestDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  return createDatabase(inject("pgAdminUrl"), name, inject("pgTemplate"));
}

/**
 * A fresh, migrated database on the external server of DATABASE_URL, or null when it is unset.
 * Used to run the store contract suite against that server too.
 */
export async function createExternalTestDatabase() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return null;
  const name = `igp_contract_${randomBytes(6).toString("hex")}`;
  const url = await createDatabase(adminUrl, name);
  await migrateUp(url);
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

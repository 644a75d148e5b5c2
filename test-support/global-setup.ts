import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, migrateUp, startEmbeddedPostgres } from "@igp/game-server";
import type { TestProject } from "vitest/node";

export const TEMPLATE_DATABASE = "igp_template";

/**
 * One embedded PostgreSQL for the whole run, with a migrated template database that every test
 * file clones into a database of its own (see database.ts), so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "igp-test-pg-"));
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
  const templateUrl = await createDatabase(server.url, TEMPLATE_DATABASE);
  await migrateUp(templateUrl);
  project.provide("pgAdminUrl", server.url);
  project.provide("pgTemplate", TEMPLATE_DATABASE);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

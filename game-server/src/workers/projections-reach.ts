import { comparePositions } from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import type pg from "pg";

/** How long a caller waits for the read models at most: past it, it goes on as it is. */
const MAX_WAIT_MS = 3_000;
const POLL_MS = 15;

/** Waits (bounded) until the projections' checkpoint is at or past `target`; false when it is not. */
export async function projectionsReach(pool: pg.Pool, target: string): Promise<boolean> {
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const checkpoint = await loadCheckpoint(pool);
    if (checkpoint && comparePositions(checkpoint, target) >= 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

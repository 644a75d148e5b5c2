import type { EventMetadata, LedgerEvent } from "@igp/ledger";
import type { ProjectionDb } from "./projection-db.ts";

/** One ledger event as projectors see it, already validated against its stream's schema. */
export interface ProjectedEvent {
  id: string;
  streamId: string;
  revision: number;
  position: string;
  event: LedgerEvent;
  metadata: EventMetadata;
}

/**
 * Turns events into rows. `apply` runs inside the runner's transaction (it must not commit),
 * writing through `db`: at once (`query`) or gathered for the batch (`accumulate`).
 */
export interface Projector {
  name: string;
  /** Its tables, emptied by a rebuild. */
  tables: string[];
  apply(db: ProjectionDb, event: ProjectedEvent): Promise<void>;
}

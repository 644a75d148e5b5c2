import type pg from "pg";

/** Where a background reader remembers how far it has read the global stream. */
export interface CheckpointStore {
  load(name: string): Promise<string | undefined>;
  save(name: string, position: string | undefined): Promise<void>;
}

export function createPostgresCheckpointStore(pool: pg.Pool): CheckpointStore {
  return {
    async load(name) {
      const { rows } = await pool.query("SELECT position FROM checkpoints WHERE name = $1", [name]);
      return rows[0]?.position ?? undefined;
    },
    async save(name, position) {
      await pool.query(
        `INSERT INTO checkpoints (name, position) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
        [name, position ?? null],
      );
    },
  };
}

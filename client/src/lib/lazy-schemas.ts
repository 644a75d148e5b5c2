/**
 * The shared zod schemas off a page's first download (docs/first-load.md): zod and the schemas
 * built on it are about 30 KB gzipped that a form need not run before it paints (its checks run
 * at the first submit). A screen names a module of its own that re-exports the schemas it
 * checks (never a copy of one: they are the server's, in shared/src/api) and loads it with this.
 */
export function lazySchemas<Schemas>(load: () => Promise<Schemas>): () => Promise<Schemas> {
  let loading: Promise<Schemas> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A download that failed (offline) is tried again by the next read, not remembered.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

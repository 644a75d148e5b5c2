import { QueryClient, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { api, SESSION_CHANGED } from "./api-client.ts";

/**
 * The one cache of server lists for both apps. It is passed to each hook rather than provided
 * at the root, so TanStack Query loads with the screens that use it, never with `/`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true },
  },
});

// Another sign-in (or none) must never see the lists read for the last one.
if (typeof window !== "undefined")
  window.addEventListener(SESSION_CHANGED, () => queryClient.clear());

/** A GET of the API, cached under `key`. */
export function useApiQuery<Data>(
  key: QueryKey,
  path: string,
  options: Omit<UseQueryOptions<Data>, "queryKey" | "queryFn"> = {},
) {
  return useQuery<Data>({ queryKey: key, queryFn: () => api<Data>(path), ...options }, queryClient);
}

/** The cache keys: what a write updates, or marks stale, by name. */
export const queryKeys = {
  /** The player's own deposits or withdrawals. */
  transactions: (kind: "deposit" | "withdraw") => ["transactions", kind] as const,
  banks: ["banks", "active"] as const,
  /** A back-office table (`path`), one entry per page and search. */
  adminTable: (path: string) => ["admin", path] as const,
  adminFloat: ["admin", "float"] as const,
  /** The player's lottery tickets (My Tickets). */
  myTickets: ["lottery", "tickets"] as const,
  /** The player's Game History, one entry per page and game (all of them under the first part). */
  gameHistory: (page?: number, game?: string) =>
    page === undefined ? (["gameHistory"] as const) : (["gameHistory", page, game ?? ""] as const),
  /** The account's open sessions (the profile's and the back office's list). */
  sessions: ["sessions"] as const,
};

/** After a write: what shows it is read again (the server answers writes once its lists hold them). */
export function refreshLists(...keys: QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

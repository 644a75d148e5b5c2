import { useEffect, useState } from "react";

export type LoadedRound<G> = { kind: "loading" } | { kind: "failed" } | { kind: "game"; game: G };

/** A round read once by its code (a game's `fetchGame`), read again when the code changes. */
export function useLoadedRound<G>(code: string, fetchGame: (code: string) => Promise<G>) {
  const [loaded, setLoaded] = useState<LoadedRound<G>>({ kind: "loading" });
  useEffect(() => {
    let current = true;
    fetchGame(code).then(
      (game) => current && setLoaded({ kind: "game", game }),
      () => current && setLoaded({ kind: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [code, fetchGame]);
  return loaded;
}

import { useEffect, useState } from "react";
import { api } from "../api-client.ts";
import { usePageAnswer } from "../page-data.tsx";

export type LoadedRound<G> = { kind: "loading" } | { kind: "failed" } | { kind: "game"; game: G };

/** Where a game's round is read (`GET`), and its answer parsed by the game's shared schema. */
export interface RoundRead<G> {
  path(code: string): string;
  parse(answer: unknown): G;
}

/**
 * A round read once by its code, read again when the code changes; on a page the server rendered
 * with the round (a shared link: game-server's page-render.ts), that answer at once.
 */
export function useLoadedRound<G>(code: string, read: RoundRead<G>) {
  const rendered = usePageAnswer<unknown>(read.path(code));
  const [loaded, setLoaded] = useState<LoadedRound<G>>(() =>
    rendered === undefined ? { kind: "loading" } : { kind: "game", game: read.parse(rendered) },
  );
  const renderedWithRound = rendered !== undefined;
  useEffect(() => {
    if (renderedWithRound) return;
    let current = true;
    api(read.path(code)).then(
      (answer) => current && setLoaded({ kind: "game", game: read.parse(answer) }),
      () => current && setLoaded({ kind: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [code, read, renderedWithRound]);
  return loaded;
}

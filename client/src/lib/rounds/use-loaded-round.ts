import { useEffect, useState } from "react";
import { api } from "../api-client.ts";
import { usePageAnswer } from "../page-data.tsx";

export type LoadedRound<G> = { kind: "loading" } | { kind: "failed" } | { kind: "game"; game: G };

/**
 * A round read once by its code (at `pathOf(code)`), read again when the code changes; on a page
 * the server rendered with the round (a shared link: game-server's page-render.ts), that answer
 * at once. The answer is taken as the game's shared type: the server checked it against the
 * game's schema before sending it (round-game.routes.ts's response schema, the rendered page's
 * answer included), so zod stays off the page's first download (docs/first-load.md).
 */
export function useLoadedRound<G>(code: string, pathOf: (code: string) => string) {
  const rendered = usePageAnswer<G>(pathOf(code));
  const [loaded, setLoaded] = useState<LoadedRound<G>>(() =>
    rendered === undefined ? { kind: "loading" } : { kind: "game", game: rendered },
  );
  const renderedWithRound = rendered !== undefined;
  useEffect(() => {
    if (renderedWithRound) return;
    let current = true;
    api<G>(pathOf(code)).then(
      (game) => current && setLoaded({ kind: "game", game }),
      () => current && setLoaded({ kind: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [code, pathOf, renderedWithRound]);
  return loaded;
}

import "./game-texts.ts";
import type { RoundGameType } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { usePublicRounds } from "../../lib/rounds/use-public-rounds.ts";
import { SignedInOnly } from "../signed-in-only.tsx";
import { LobbyPage } from "./lobby-page.tsx";

const TITLES = { "coin-flip": "coinFlip.lobby", "spin-wheel": "spinWheel.lobby" } as const;

/**
 * A game's lobby behind sign-in, as its own small chunk (no game, canvas or realtime code before
 * the list paints). Its page is prerendered as the empty frame (src/prerender.tsx), shown while
 * the session is checked; the list is asked for at once (the page has preloaded it), so the two
 * requests share one round trip on a slow network.
 */
export default function LobbyScreen({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  const listing = usePublicRounds(game);
  return (
    <SignedInOnly whileChecking="page">
      <main className={`page ${game}`}>
        <LobbyPage game={game} title={t(TITLES[game])} listing={listing} />
      </main>
    </SignedInOnly>
  );
}

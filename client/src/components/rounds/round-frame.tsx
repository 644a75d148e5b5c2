import type { RoundGameType } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { gameTitle } from "../../lib/labels.ts";
import { BackIcon } from "../ui/icons.tsx";
import "./round-stage.css";

/** What each round game is, in the home page's words (its slides). */
const LEADS: Record<RoundGameType, string> = {
  "coin-flip": "home.slides.coinFlip.text",
  "spin-wheel": "home.slides.spinWheel.text",
};

/** A game's way back to its lobby, in its own words (components/rounds/locales). */
const BACK_TO_LOBBY: Record<RoundGameType, string> = {
  "coin-flip": "coinFlip.backToLobby",
  "spin-wheel": "spinWheel.backToLobby",
};

/** A game's lobby, and the words of the way back to it. */
export function lobbyOf(game: RoundGameType) {
  return { path: `/play/instant/${game}/lobby`, label: BACK_TO_LOBBY[game] };
}

/** What the game is, in a line under the round's heading: for a player a link brought here. */
export function RoundLead({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  return <p className="round-lead">{t(LEADS[game])}</p>;
}

/**
 * A round's screen before its round has been read (a shared link, a table's page): its heading,
 * what the game is, and 'Loading game…'. The page is prerendered as this frame
 * (src/prerender.tsx), so it paints before any script has run; the round takes its place.
 */
export function RoundFrame({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  return (
    <section className="card round-view">
      <h1>{gameTitle(t, game)}</h1>
      <RoundLead game={game} />
      <p>{t("rounds.loadingGame")}</p>
    </section>
  );
}

/**
 * The private game form (/create/private/{game}) while the session is checked: its way back,
 * its heading and 'Loading…'. The page is prerendered as this frame (src/prerender.tsx); the form
 * takes its place with the player's balances, which the frame does not guess (no 'ETB 0.00').
 */
export function PrivateGameFrame({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  return (
    <section className="card round-view">
      <PrivateGameHeading game={game} />
      <p>{t("common.loading")}</p>
    </section>
  );
}

/** The private game form's way back to its lobby and its heading: the frame's and the form's. */
export function PrivateGameHeading({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  const lobby = lobbyOf(game);
  return (
    <>
      <Link className="back-link" to={lobby.path}>
        <BackIcon /> {t(lobby.label)}
      </Link>
      <h1>{t("rounds.createPrivate")}</h1>
    </>
  );
}

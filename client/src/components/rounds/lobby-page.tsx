import "./lobby-texts.ts";
import type { LobbyRoundView, RoundGameType } from "@igp/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { gameArt } from "../../lib/game-art.ts";
import { gameTitle } from "../../lib/labels.ts";
import type { Listing } from "../../lib/rounds/use-public-rounds.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { takeTypedBeforeHydration } from "../../lib/typed-before-hydration.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Countdown } from "./countdown.tsx";
import { isCoinSide, JoinerSide } from "./joiner-side.tsx";
import "./lobby-page.css";

const LIST_PAINTED = "lobby-list";

/**
 * A game's lobby: join a private game by code, create one, or pick a live public round (what it
 * wins and when it closes first, then the game, bet, side or numbers held, players, Play). An
 * empty list calls the player to start a round at a table.
 */
export function LobbyPage({
  game,
  title,
  listing,
}: {
  game: RoundGameType;
  title: string;
  listing: Listing;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const hydrated = useHydrated();
  const codeField = useRef<HTMLInputElement>(null);
  // A code typed on the prerendered lobby before its script ran stays in the field.
  useEffect(() => {
    const [typed] = takeTypedBeforeHydration(["code"]);
    if (typed && codeField.current && !codeField.current.value) codeField.current.value = typed[1];
  }, []);

  // The field is read from the form, not from state: on the prerendered page a player may type
  // the code before the script has taken over, and what they typed must count.
  const join = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "")
      .trim()
      .toUpperCase();
    if (!code) return setError(t("rounds.enterCode"));
    navigate(`/play/instant/${game}/${code}`);
  };

  return (
    <section className="lobby">
      <h1>{title}</h1>
      <form className="card join-by-code" onSubmit={join} noValidate>
        <label className="field">
          <span>{t("rounds.privateCode")}</span>
          <input
            name="code"
            ref={codeField}
            onChange={() => setError("")}
            autoCapitalize="characters"
            maxLength={16}
          />
        </label>
        {error && <p className="text-danger">{error}</p>}
        {/* Sent before the script runs, the browser would load the lobby again by GET. */}
        <button type="submit" className="button" disabled={!hydrated}>
          {t("rounds.joinGame")}
        </button>
        <Link className="button button-secondary" to={`/create/private/${game}`}>
          {t("rounds.createPrivate")}
        </Link>
        <Link to={`/play/instant/${game}`}>{t("rounds.tables")}</Link>
      </form>
      <h2>{t("rounds.publicGames")}</h2>
      {listing.kind === "loading" && <p>{t("common.loading")}</p>}
      {/* `elementtiming`: when the list (or its absence) painted, for field and bench timings. */}
      {listing.kind === "failed" && (
        <p className="text-danger" elementtiming={LIST_PAINTED}>
          {t("rounds.lobbyFailed")}
        </p>
      )}
      {listing.kind === "live" && listing.rounds.length === 0 && (
        <div className="card lobby-empty">
          <p elementtiming={LIST_PAINTED}>
            {t("rounds.lobbyEmpty")} {t("lobby.startOne")}
          </p>
          <Link className="button" to={`/play/instant/${game}`}>
            {t("lobby.createGame")}
          </Link>
        </div>
      )}
      {listing.kind === "live" && listing.rounds.length > 0 && (
        <ul className="public-rounds">
          {listing.rounds.map((round) => (
            <PublicRound key={round.code} round={round} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A public round open to join: what a joiner wins (a coin flip exactly; a spin wheel at most, with
 * all six numbers held) and the time left to join lead; the game, bet and seats follow.
 */
function PublicRound({ round }: { round: LobbyRoundView }) {
  const { t } = useTranslation();
  const money = useMoney();
  const exact = round.type === "coin-flip";
  return (
    <li className="card public-round" data-code={round.code}>
      <p className="round-win">
        <strong elementtiming={LIST_PAINTED}>
          {t(exact ? "lobby.win" : "lobby.winUpTo", { amount: money(round.winUpTo) })}
        </strong>{" "}
        {!exact && <span>{t("lobby.winUpToHint")}</span>}
      </p>
      <p className="round-when">
        {t("lobby.closesIn")} <Countdown deadline={round.deadline} label={t("lobby.closesIn")} />
      </p>
      <p className="round-game">
        <img src={gameArt(round.type)} alt="" width={40} height={30} decoding="async" />
        {gameTitle(t, round.type)}
      </p>
      <p className="round-meta">
        <span>
          {t("rounds.betAmount")}: <strong className="round-bet">{money(round.betAmount)}</strong>
        </span>
        {isCoinSide(round.side) && <JoinerSide creatorSide={round.side} />}
        {round.heldNumbers.length > 0 && (
          <span>
            {t("spinWheel.occupiedNumbers")}: {round.heldNumbers.join(", ")}
          </span>
        )}
        <span>{t("rounds.players", { count: round.players })}</span>
      </p>
      <Link className="button button-small" to={`/play/instant/${round.type}/${round.code}`}>
        {t("rounds.play")}
      </Link>
    </li>
  );
}

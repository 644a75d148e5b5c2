import type { Room } from "@colyseus/sdk";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { joinOrCreateRoom } from "../../lib/realtime.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { Countdown } from "./countdown.tsx";

interface LobbyRound {
  code: string;
  type: string;
  side: string;
  betAmount: number;
  players: number;
  deadline: number;
}

type Listing = { kind: "loading" } | { kind: "failed" } | { kind: "live"; rounds: LobbyRound[] };

/** The live list of public rounds waiting for a second player (the lobby room's state). */
function usePublicRounds(): Listing {
  const [listing, setListing] = useState<Listing>({ kind: "loading" });
  useEffect(() => {
    let room: Room | null = null;
    let active = true;
    joinOrCreateRoom("lobby").then(
      (joined) => {
        room = joined;
        if (!active) return void joined.leave();
        joined.onStateChange((state) => {
          const rounds = Object.values(
            (state as { toJSON(): { rounds: Record<string, LobbyRound> } }).toJSON().rounds,
          );
          setListing({ kind: "live", rounds: rounds.sort((a, b) => a.deadline - b.deadline) });
        });
        joined.onLeave(() => active && setListing({ kind: "failed" }));
      },
      () => active && setListing({ kind: "failed" }),
    );
    return () => {
      active = false;
      void room?.leave();
    };
  }, []);
  return listing;
}

/** Coin flip lobby: join a private game by code, create one, or pick a public round. */
export function CoinFlipLobbyPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const listing = usePublicRounds();
  const [code, setCode] = useState("");
  const [error, setError] = useState("");

  const join = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t("coinFlip.enterCode"));
    navigate(`/play/instant/coin-flip/${code.trim()}`);
  };

  return (
    <section className="lobby">
      <h2>{t("coinFlip.lobby")}</h2>
      <form className="card join-by-code" onSubmit={join} noValidate>
        <label className="field">
          <span>{t("coinFlip.privateCode")}</span>
          <input
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setError("");
            }}
            autoCapitalize="characters"
            maxLength={16}
          />
        </label>
        {error && <p className="text-danger">{error}</p>}
        <button type="submit" className="button">
          {t("coinFlip.joinGame")}
        </button>
        <Link className="button button-outline" to="/create/private/coin-flip">
          {t("coinFlip.createPrivate")}
        </Link>
        <Link to="/play/instant/coin-flip">{t("coinFlip.tables")}</Link>
      </form>
      <h3>{t("coinFlip.publicGames")}</h3>
      {listing.kind === "loading" && <p>{t("common.loading")}</p>}
      {listing.kind === "failed" && <p className="text-danger">{t("coinFlip.lobbyFailed")}</p>}
      {listing.kind === "live" && listing.rounds.length === 0 && <p>{t("coinFlip.lobbyEmpty")}</p>}
      {listing.kind === "live" && listing.rounds.length > 0 && (
        <ul className="public-rounds">
          {listing.rounds.map((round) => (
            <li key={round.code} className="card public-round" data-code={round.code}>
              <span>{round.type.replace("-", " ")}</span>
              <span>
                {t("coinFlip.side")}: {round.side}
              </span>
              <span>{money(round.betAmount)}</span>
              <span>{t("coinFlip.players", { count: round.players })}</span>
              <Countdown deadline={round.deadline} />
              <Link
                className="button button-small"
                to={`/play/instant/${round.type}/${round.code}`}
              >
                {t("coinFlip.play")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

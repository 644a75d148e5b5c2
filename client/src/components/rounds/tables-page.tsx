import "./lobby-texts.ts";
import type { InstantGameEntry, RoundGameType } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { gameArt } from "../../lib/game-art.ts";
import { gameTitle } from "../../lib/labels.ts";
import { fetchTables } from "../../lib/rounds/rounds-api.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { JoinerSide } from "./joiner-side.tsx";
import "./tables-page.css";

/**
 * /play/instant/{game}: 'Select a Bet Amount to Proceed', one card per table: the game, its bet
 * (the card's largest text) and what it wins, players joined and, for a coin flip whose round has
 * a player, the side a joiner would play.
 */
export function TablesPage({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [tables, setTables] = useState<InstantGameEntry[] | null>(null);
  useEffect(() => {
    fetchTables(game).then(setTables, () => setTables([]));
  }, [game]);
  // The heading paints from the prerendered frame (the page's largest text); the tables fill in.
  return (
    <section>
      <h1>{t("rounds.selectBet")}</h1>
      {!tables ? (
        <p>{t("common.loading")}</p>
      ) : tables.length === 0 ? (
        <p>{t("rounds.noTables", { game: gameTitle(t, game) })}</p>
      ) : (
        <ul className="table-cards">
          {tables.map((table) => (
            <li key={table.id} className="card table-card" data-table={table.id}>
              <h2>
                <img src={gameArt(table.type)} alt="" width={40} height={30} decoding="async" />
                {gameTitle(t, table.type)}
              </h2>
              <p className="table-bet">
                <span>{t("rounds.betAmount")}</span>
                <strong>{money(table.betAmount)}</strong>
              </p>
              <p className="table-win">
                {t(game === "coin-flip" ? "lobby.win" : "lobby.winUpTo", {
                  amount: money(table.winUpTo),
                })}
              </p>
              <p className="table-meta">
                <span>{t("rounds.players", { count: table.players })}</span>
                {game === "coin-flip" && table.side && <JoinerSide creatorSide={table.side} />}
              </p>
              <Link className="button" to={`/play/instant/${game}/${table.id}`}>
                {t("rounds.play")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

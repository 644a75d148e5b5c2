import type { InstantGameEntry, RoundGameType } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { gameTitle } from "../../lib/labels.ts";
import { fetchTables } from "../../lib/rounds/rounds-api.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { JoinerSide } from "./joiner-side.tsx";

/**
 * /play/instant/{game}: 'Select a Bet Amount to Proceed', one card per table (type, bet, players
 * joined; for a coin flip whose round has a player, the side a joiner would play).
 */
export function TablesPage({ game }: { game: RoundGameType }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [tables, setTables] = useState<InstantGameEntry[] | null>(null);
  useEffect(() => {
    fetchTables(game).then(setTables, () => setTables([]));
  }, [game]);
  if (!tables) return <p>{t("common.loading")}</p>;
  return (
    <section>
      <h2>{t("rounds.selectBet")}</h2>
      {tables.length === 0 ? (
        <p>{t("rounds.noTables", { game: gameTitle(t, game) })}</p>
      ) : (
        <ul className="game-cards">
          {tables.map((table) => (
            <li key={table.id} className="card game-card" data-table={table.id}>
              <h3>{gameTitle(t, table.type)}</h3>
              <p>{money(table.betAmount)}</p>
              <p>{t("rounds.players", { count: table.players })}</p>
              {game === "coin-flip" && table.side && (
                <p>
                  <JoinerSide creatorSide={table.side} />
                </p>
              )}
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

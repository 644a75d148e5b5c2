import type { InstantGameEntry } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useMoney } from "../../lib/site-config.tsx";
import { fetchTables } from "./coin-flip-api.ts";

/** /play/instant/coin-flip: 'Select a Bet Amount to Proceed', one card per table. */
export function CoinFlipTablesPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [tables, setTables] = useState<InstantGameEntry[] | null>(null);
  useEffect(() => {
    fetchTables().then(setTables, () => setTables([]));
  }, []);
  if (!tables) return <p>{t("common.loading")}</p>;
  return (
    <section>
      <h2>{t("coinFlip.selectBet")}</h2>
      {tables.length === 0 ? (
        <p>{t("coinFlip.noTables", { game: "coin-flip" })}</p>
      ) : (
        <ul className="game-cards">
          {tables.map((table) => (
            <li key={table.id} className="card game-card" data-table={table.id}>
              <h3>{table.type.replace("-", " ")}</h3>
              <p>{money(table.betAmount)}</p>
              <p>{t("coinFlip.players", { count: table.players })}</p>
              {table.side && (
                <p>
                  {t("coinFlip.side")}: {table.side}
                </p>
              )}
              <Link className="button" to={`/play/instant/coin-flip/${table.id}`}>
                {t("coinFlip.play")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { InstantGameEntry } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { fetchTable } from "./coin-flip-api.ts";
import { CreateView } from "./create-view.tsx";
import { RoundView } from "./round-view.tsx";

type Resolved =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "create"; table: InstantGameEntry }
  | { kind: "round"; code: string };

/**
 * /play/instant/coin-flip/{id}: a numeric id is a table (its open round, or the create view);
 * anything else is a round code.
 */
export function CoinFlipGamePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [resolved, setResolved] = useState<Resolved>({ kind: "loading" });

  useEffect(() => {
    if (!/^\d+$/.test(id)) return setResolved({ kind: "round", code: id.toUpperCase() });
    setResolved({ kind: "loading" });
    fetchTable(Number(id)).then(
      (table) =>
        setResolved(
          table.players > 0 && table.code
            ? { kind: "round", code: table.code }
            : { kind: "create", table },
        ),
      () => setResolved({ kind: "failed" }),
    );
  }, [id]);

  if (resolved.kind === "loading") return <p>{t("coinFlip.loadingGame")}</p>;
  if (resolved.kind === "failed")
    return (
      <div className="card">
        <p className="text-danger">{t("coinFlip.notFound")}</p>
        <Link to="/play/instant/coin-flip/lobby">{t("coinFlip.backToLobby")}</Link>
      </div>
    );
  if (resolved.kind === "create") return <CreateView table={resolved.table} />;
  return <RoundView key={resolved.code} code={resolved.code} />;
}

import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { RoundFailure } from "../../components/rounds/round-failure.tsx";
import { useTableOrCode } from "../../lib/rounds/use-table-or-code.ts";
import { CreateView } from "./create-view.tsx";
import { RoundView } from "./round-view.tsx";

/** /play/instant/coin-flip/{id}: a table (its open round, or the create view) or a round code. */
export function CoinFlipGamePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const resolved = useTableOrCode(id);
  if (resolved.kind === "loading") return <p>{t("rounds.loadingGame")}</p>;
  if (resolved.kind === "failed")
    return (
      <RoundFailure lobby="/play/instant/coin-flip/lobby" lobbyLabel={t("coinFlip.backToLobby")} />
    );
  if (resolved.kind === "create") return <CreateView table={resolved.table} />;
  return <RoundView key={resolved.code} code={resolved.code} />;
}

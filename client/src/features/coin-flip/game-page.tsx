import { useTranslation } from "react-i18next";
import { RoundGamePage } from "../../components/rounds/round-game-page.tsx";
import { CreateView } from "./create-view.tsx";
import { RoundView } from "./round-view.tsx";

/** /play/instant/coin-flip/{id}: a table (its open round, or the create view) or a round code. */
export function CoinFlipGamePage() {
  const { t } = useTranslation();
  return (
    <RoundGamePage
      game="coin-flip"
      lobby="/play/instant/coin-flip/lobby"
      lobbyLabel={t("coinFlip.backToLobby")}
      create={(table) => <CreateView table={table} />}
      round={(code) => <RoundView key={code} code={code} />}
    />
  );
}

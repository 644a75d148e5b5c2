import type { RoundGameType } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { lobbyOf } from "./round-frame.tsx";

/** A round that could not be shown, with the way back to its game's lobby. */
export function RoundFailure({ message, game }: { message?: string; game: RoundGameType }) {
  const { t } = useTranslation();
  const lobby = lobbyOf(game);
  return (
    <div className="card">
      <p className="text-danger">{message ?? t("rounds.notFound")}</p>
      <Link className="back-link" to={lobby.path}>
        {t(lobby.label)}
      </Link>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

/** A round that could not be shown, with the way back to its game's lobby. */
export function RoundFailure({
  message,
  lobby,
  lobbyLabel,
}: {
  message?: string;
  lobby: string;
  lobbyLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <p className="text-danger">{message ?? t("rounds.notFound")}</p>
      <Link className="back-link" to={lobby}>
        {lobbyLabel}
      </Link>
    </div>
  );
}

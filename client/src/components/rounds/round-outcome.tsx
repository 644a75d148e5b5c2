import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import "./round-outcome.css";

/**
 * A finished round's line: what was drawn, whether this player won (`won` null: not a player),
 * and the way to verify it.
 */
export function RoundOutcome({
  code,
  outcome,
  won,
}: {
  code: string;
  outcome: string | number;
  won: boolean | null;
}) {
  const { t } = useTranslation();
  return (
    <p className="round-outcome">
      {t("rounds.outcome")}: <strong>{outcome}</strong>
      {won !== null && (
        <>
          {" "}
          · <strong>{t(won ? "rounds.won" : "rounds.lost")}</strong>
        </>
      )}{" "}
      · <Link to={`/fair?code=${code}`}>{t("rounds.verify")}</Link>
    </p>
  );
}

/**
 * The server seed's hash the round committed to before play (docs/fairness.md), one tap away:
 * the proof is there for whoever checks, without taking the screen from the game.
 */
export function CommitmentHint({ commitment }: { commitment: string }) {
  const { t } = useTranslation();
  return (
    <details className="hint fairness-proof">
      <summary>{t("stage.proof")}</summary>
      {t("rounds.commitment")}: <code className="commitment">{commitment}</code>
    </details>
  );
}

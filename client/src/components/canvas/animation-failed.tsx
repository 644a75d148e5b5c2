import { useTranslation } from "react-i18next";
import "./animation-failed.css";

/** Where a game's picture could not start: the result, in words (the cause is in the console). */
export function AnimationFailed({ result }: { result: string }) {
  const { t } = useTranslation();
  return (
    <p className="animation-failed" role="alert" data-testid="animation-failed">
      {t("rounds.animationFailed", { result })}
    </p>
  );
}

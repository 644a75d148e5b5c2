import { minorToMajor } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useMoney } from "../../lib/site-config.tsx";
import { type DemoGame, isGameOver } from "./demo-rules.ts";
import { resetDemo, useDemo } from "./demo-wallet.ts";

/**
 * The head of every demo: what play money is, the balance (unless the game's figures show it),
 * the reset, and 'Game Over!' once the play money cannot cover another stake.
 */
export function PlayMoney({
  game,
  busy = false,
  showBalance = true,
}: {
  game: DemoGame;
  busy?: boolean;
  showBalance?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const demo = useDemo(game);
  return (
    <section className="play-money-panel" aria-label={t("demo.playMoney")}>
      <p className="hint">{t("demo.banner")}</p>
      {showBalance && (
        <p className="play-money-balance">
          {t("demo.playMoney")}:{" "}
          <strong data-testid="play-money">{money(minorToMajor(demo.balance))}</strong>
        </p>
      )}
      {!busy && isGameOver(game, demo) && (
        <p className="game-over" role="status">
          <strong>{t("demo.gameOver")}</strong> {t("demo.gameOverMessage")}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => resetDemo(game)}
        disabled={busy}
      >
        {t("demo.reset")}
      </button>
    </section>
  );
}

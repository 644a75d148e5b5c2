import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useCountUp } from "../../lib/use-count-up.ts";
import { Countdown } from "./countdown.tsx";
import "./game-figures.css";

/** Play money as a figure: the demo names it, in major units. */
export interface PlayMoneyFigure {
  label: string;
  amount: number;
}

/**
 * Withdrawable, Playable, the bet and the countdown: the head of every round view. Spin wheel adds
 * its fourth figure, my bet (numbers x the base bet). A demo shows its play money instead of the
 * two real balances, so the two can never be mistaken for each other.
 */
export function GameFigures({
  betAmount,
  betLabel,
  myBet,
  deadline,
  playMoney,
}: {
  betAmount: number;
  /** 'Bet Amount' unless told ('Base Bet Amount' for spin wheel). */
  betLabel?: string;
  myBet?: number;
  /** The countdown's end; null shows --:--, undefined leaves the countdown out. */
  deadline?: number | null;
  /** A demo's play money (its label and amount), shown in place of the real balances. */
  playMoney?: PlayMoneyFigure;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  // The session's balances, a payout held back until the round's animation lands, then counted.
  const { user } = useSession();
  const main = useCountUp(user?.mainBalance ?? 0).shown;
  const bonus = useCountUp(user?.bonusBalance ?? 0).shown;
  return (
    <dl className="game-figures">
      {playMoney === undefined ? (
        <>
          <div>
            <dt>{t("rounds.withdrawable")}</dt>
            <dd data-testid="figure-withdrawable">{money(main)}</dd>
          </div>
          <div>
            <dt>{t("rounds.playable")}</dt>
            <dd>{money(bonus)}</dd>
          </div>
        </>
      ) : (
        <div className="play-money">
          <dt>{playMoney.label}</dt>
          <dd data-testid="figure-play-money">{money(playMoney.amount)}</dd>
        </div>
      )}
      <div>
        <dt>{betLabel ?? t("rounds.betAmount")}</dt>
        <dd>{money(betAmount)}</dd>
      </div>
      {myBet !== undefined && (
        <div>
          <dt>{t("rounds.myBet")}</dt>
          <dd data-testid="figure-my-bet">{money(myBet)}</dd>
        </div>
      )}
      {deadline !== undefined && (
        <div>
          <dt>{t("rounds.countdown")}</dt>
          <dd>
            {deadline ? <Countdown deadline={deadline} label={t("rounds.countdown")} /> : "--:--"}
          </dd>
        </div>
      )}
    </dl>
  );
}

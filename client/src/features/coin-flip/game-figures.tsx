import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { Countdown } from "./countdown.tsx";

/** Withdrawable, Playable, Bet Amount and the countdown: the head of every coin flip view. */
export function GameFigures({
  betAmount,
  deadline,
  balances,
}: {
  betAmount: number;
  /** The countdown's end; null shows --:--, undefined leaves the countdown out. */
  deadline?: number | null;
  /** Balances to show instead of the live ones (the overlay keeps them until the coin lands). */
  balances?: { mainBalance: number; bonusBalance: number } | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { user: live } = useSession();
  const user = balances ?? live;
  return (
    <dl className="game-figures">
      <div>
        <dt>{t("coinFlip.withdrawable")}</dt>
        <dd>{money(user?.mainBalance ?? 0)}</dd>
      </div>
      <div>
        <dt>{t("coinFlip.playable")}</dt>
        <dd>{money(user?.bonusBalance ?? 0)}</dd>
      </div>
      <div>
        <dt>{t("coinFlip.betAmount")}</dt>
        <dd>{money(betAmount)}</dd>
      </div>
      {deadline !== undefined && (
        <div>
          <dt>{t("coinFlip.countdown")}</dt>
          <dd>
            {deadline ? <Countdown deadline={deadline} label={t("coinFlip.countdown")} /> : "--:--"}
          </dd>
        </div>
      )}
    </dl>
  );
}

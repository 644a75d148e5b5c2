import type { LotteryView, MyTicket } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useMoney } from "../../lib/site-config.tsx";

type Prize = MyTicket["prize"];

/**
 * A ticket's result as a badge: Won once it holds a place, Lost once the lottery is drawn
 * without it (the words of Game History), else where the lottery stands.
 */
export function TicketResult({ status, prize }: { status: LotteryView["status"]; prize: Prize }) {
  const { t } = useTranslation();
  const [colour, text] = prize
    ? ["green", t("profile.history.outcomes.won")]
    : status === "drawn"
      ? ["red", t("profile.history.outcomes.lost")]
      : ["yellow", t(`lottery.status.${status}`)];
  return <span className={`status status-${colour}`}>{text}</span>;
}

/** What a place wins: its money, or the award's name. */
export const prizeText = (money: ReturnType<typeof useMoney>, prize: NonNullable<Prize>) =>
  prize.amount === null ? prize.label : money(prize.amount);

/** A ticket's prize, or a dash for none. */
export function PrizeText({ prize }: { prize: Prize }) {
  const money = useMoney();
  return <>{prize ? prizeText(money, prize) : "—"}</>;
}

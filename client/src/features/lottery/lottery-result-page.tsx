import type { LotteryView, MyTicket } from "@igp/shared";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useMoney } from "../../lib/site-config.tsx";
import { fetchLottery, fetchMyTickets, LOTTERY_DRAWN_EVENT } from "./lottery-api.ts";

/**
 * /play/instant/lottery/{code}: the lottery result: My Tickets and Winner Tickets (once drawn),
 * 'Buy Another Lottery Tickets', and a link to check the drawing on /fair. Refreshes itself
 * when the `lottery` message says it was drawn.
 */
export function LotteryResultPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const { code = "" } = useParams();
  const [lottery, setLottery] = useState<LotteryView | null>(null);
  const [tickets, setTickets] = useState<MyTicket[]>([]);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [view, mine] = await Promise.all([fetchLottery(code), fetchMyTickets(code)]);
      setLottery(view);
      setTickets(mine);
    } catch {
      setFailed(true);
    }
  }, [code]);
  useEffect(() => {
    void load();
    const reload = () => void load();
    window.addEventListener(LOTTERY_DRAWN_EVENT, reload);
    return () => window.removeEventListener(LOTTERY_DRAWN_EVENT, reload);
  }, [load]);

  if (failed) return <p>{t("rounds.notFound")}</p>;
  if (!lottery) return <p>{t("common.loading")}</p>;
  const winning = new Set(lottery.winners.map((w) => w.winnerLotteryNumber));
  return (
    <section className="lottery-result" data-status={lottery.status}>
      <h1>{lottery.title}</h1>
      <p>{t(`lottery.status.${lottery.status}`)}</p>
      <div className="lottery-columns">
        <section className="card" aria-labelledby="my-tickets">
          <h2 id="my-tickets">{t("lottery.myTickets")}</h2>
          {tickets.length === 0 ? (
            <p>{t("lottery.noTickets")}</p>
          ) : (
            <ul className="ticket-list">
              {tickets.map((ticket) => (
                <li key={ticket.myLotteryNumber} data-winner={winning.has(ticket.myLotteryNumber)}>
                  #{ticket.myLotteryNumber}
                  {ticket.prize && (
                    <strong>
                      {" "}
                      {ticket.prize.amount === null
                        ? ticket.prize.label
                        : money(ticket.prize.amount)}
                    </strong>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="winner-tickets">
          <h2 id="winner-tickets">{t("lottery.winnerTickets")}</h2>
          {lottery.status !== "drawn" ? (
            <p>{t("lottery.notDrawnYet")}</p>
          ) : lottery.winners.length === 0 ? (
            <p>{t("lottery.noWinner")}</p>
          ) : (
            <ol className="ticket-list">
              {lottery.winners.map((winner) => (
                <li key={winner.place}>
                  #{winner.winnerLotteryNumber}:{" "}
                  {winner.amount === null ? winner.label : money(winner.amount)}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <p className="card-actions">
        <Link className="button" to="/play/instant/lottery">
          {t("lottery.buyAnother")}
        </Link>
        {lottery.status === "drawn" && (
          <Link className="button button-secondary" to={`/fair?lottery=${lottery.code}`}>
            {t("lottery.verify")}
          </Link>
        )}
      </p>
    </section>
  );
}

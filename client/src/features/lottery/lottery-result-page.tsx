import type { LotteryView, MyTicket } from "@igp/shared";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { type RecordColumn, RecordList } from "../../components/records/record-list.tsx";
import { fetchLottery, fetchMyTickets, LOTTERY_DRAWN_EVENT } from "./lottery-api.ts";
import { PrizeText, TicketResult } from "./ticket-result.tsx";

/**
 * /play/instant/lottery/{code}: the lottery result: My Tickets and Winner Tickets (once drawn),
 * 'Buy Another Lottery Tickets', and a link to check the drawing on /fair. Refreshes itself
 * when the `lottery` message says it was drawn.
 */
export function LotteryResultPage() {
  const { t } = useTranslation();
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
            <TicketRecords tickets={tickets} status={lottery.status} />
          )}
        </section>
        <section className="card" aria-labelledby="winner-tickets">
          <h2 id="winner-tickets">{t("lottery.winnerTickets")}</h2>
          {lottery.status !== "drawn" ? (
            <p>{t("lottery.notDrawnYet")}</p>
          ) : lottery.winners.length === 0 ? (
            <p>{t("lottery.noWinner")}</p>
          ) : (
            <WinnerRecords winners={lottery.winners} />
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

/** The player's tickets of this lottery: each ticket's number, result and prize. */
function TicketRecords(props: { tickets: MyTicket[]; status: LotteryView["status"] }) {
  const { t } = useTranslation();
  const columns: RecordColumn<MyTicket>[] = [
    {
      label: t("lottery.ticket"),
      place: "title",
      cell: (ticket) => `#${ticket.myLotteryNumber}`,
      card: (ticket) => `${t("lottery.ticket")} #${ticket.myLotteryNumber}`,
    },
    {
      label: t("lottery.result"),
      place: "badge",
      cell: (ticket) => <TicketResult status={props.status} prize={ticket.prize} />,
    },
    { label: t("records.prize"), cell: (ticket) => <PrizeText prize={ticket.prize} /> },
  ];
  return (
    <RecordList
      className="ticket-records"
      heading={3}
      rows={props.tickets}
      columns={columns}
      rowKey={(ticket) => String(ticket.myLotteryNumber)}
      rowData={(ticket) => ({
        "data-ticket": String(ticket.myLotteryNumber),
        "data-winner": String(ticket.prize !== null),
      })}
    />
  );
}

type LotteryWinner = LotteryView["winners"][number];

/** The drawn places, first place first: the place, the winning ticket and its prize. */
function WinnerRecords({ winners }: { winners: LotteryWinner[] }) {
  const { t } = useTranslation();
  const columns: RecordColumn<LotteryWinner>[] = [
    {
      label: t("records.placeColumn"),
      place: "title",
      cell: (winner) => t("records.place", { count: winner.place, ordinal: true }),
    },
    { label: t("lottery.ticket"), cell: (winner) => `#${winner.winnerLotteryNumber}` },
    { label: t("records.prize"), cell: (winner) => <PrizeText prize={winner} /> },
  ];
  return (
    <RecordList
      className="winner-records"
      heading={3}
      rows={winners}
      columns={columns}
      rowKey={(winner) => String(winner.place)}
      rowData={(winner) => ({ "data-place": String(winner.place) })}
    />
  );
}

import type { MyTicket } from "@igp/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { type RecordColumn, RecordList } from "../../components/records/record-list.tsx";
import { queryClient, queryKeys } from "../../lib/queries.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { fetchMyTickets } from "./lottery-api.ts";
import { PrizeText, TicketResult } from "./ticket-result.tsx";

/**
 * /dashboard/lottery-tickets (from the profile): the player's tickets of every lottery, as a
 * table or, on a phone, cards: the lottery and the ticket's result first, then the ticket, its
 * price, the out date and the prize.
 */
export function MyTicketsPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  // Read again when a lottery of the player's is drawn (the player channel's money notice).
  const { data, isError } = useQuery(
    { queryKey: queryKeys.myTickets, queryFn: () => fetchMyTickets() },
    queryClient,
  );
  const tickets: MyTicket[] | undefined = isError ? [] : data;
  if (!tickets) return <p>{t("common.loading")}</p>;
  const columns: RecordColumn<MyTicket>[] = [
    {
      label: t("lottery.lottery"),
      place: "title",
      cell: (ticket) => <Link to={`/play/instant/lottery/${ticket.code}`}>{ticket.title}</Link>,
    },
    { label: t("lottery.ticket"), cell: (ticket) => `#${ticket.myLotteryNumber}` },
    { label: t("lottery.price"), cell: (ticket) => money(ticket.betAmount) },
    {
      label: t("lottery.outDate"),
      cell: (ticket) => (
        <time dateTime={ticket.outDate}>
          {new Date(ticket.outDate).toLocaleString(i18n.language)}
        </time>
      ),
    },
    {
      label: t("lottery.result"),
      place: "badge",
      cell: (ticket) => <TicketResult status={ticket.lotteryStatus} prize={ticket.prize} />,
    },
    { label: t("records.prize"), cell: (ticket) => <PrizeText prize={ticket.prize} /> },
  ];
  return (
    <section>
      <h1>{t("lottery.myTickets")}</h1>
      {tickets.length === 0 ? (
        <p>{t("lottery.noTickets")}</p>
      ) : (
        <RecordList
          className="my-tickets"
          rows={tickets}
          columns={columns}
          rowKey={(ticket) => `${ticket.code}-${ticket.myLotteryNumber}`}
          rowData={(ticket) => ({ "data-ticket": `${ticket.code}-${ticket.myLotteryNumber}` })}
        />
      )}
    </section>
  );
}

import type { MyTicket } from "@igp/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { queryClient, queryKeys } from "../../lib/queries.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { fetchMyTickets } from "./lottery-api.ts";

/** /dashboard/lottery-tickets (from the profile): the player's tickets of every lottery. */
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
  return (
    <section>
      <h1>{t("lottery.myTickets")}</h1>
      {tickets.length === 0 ? (
        <p>{t("lottery.noTickets")}</p>
      ) : (
        <table className="data-table my-tickets">
          <thead>
            <tr>
              <th>{t("lottery.lottery")}</th>
              <th>{t("lottery.ticket")}</th>
              <th>{t("lottery.price")}</th>
              <th>{t("lottery.outDate")}</th>
              <th>{t("lottery.result")}</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((ticket) => (
              <tr key={`${ticket.code}-${ticket.myLotteryNumber}`}>
                <td>
                  <Link to={`/play/instant/lottery/${ticket.code}`}>{ticket.title}</Link>
                </td>
                <td>#{ticket.myLotteryNumber}</td>
                <td>{money(ticket.betAmount)}</td>
                <td>{new Date(ticket.outDate).toLocaleString(i18n.language)}</td>
                <td>
                  {ticket.prize
                    ? ticket.prize.amount === null
                      ? ticket.prize.label
                      : money(ticket.prize.amount)
                    : t(`lottery.status.${ticket.lotteryStatus}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

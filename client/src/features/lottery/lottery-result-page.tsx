import "./lottery-texts.ts";
import type { LotteryView, MyTicket } from "@igp/shared";
import { SESSION_USER } from "@igp/shared/page-reads";
import { signInPageFrom } from "@igp/shared/sign-in-return";
import type { TFunction } from "i18next";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { type RecordColumn, RecordList } from "../../components/records/record-list.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { browserSession } from "../../lib/api-client.ts";
import { lazyAtOnce } from "../../lib/lazy-at-once.tsx";
import { pageAnswersKept, usePageAnswer } from "../../lib/page-data.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { DrawingPlaceholder } from "./drawing/drawing-placeholder.tsx";
import { REVEAL_MS } from "./drawing/drawing-timeline.ts";
import type { DrawingWinner } from "./drawing/lottery-drawing.tsx";
import { TimeLeft } from "./ends-in.tsx";
import {
  fetchLottery,
  fetchMyTickets,
  LOTTERY_DRAWN_EVENT,
  lotteryPath,
  myTicketsPath,
} from "./lottery-api.ts";
import { inRevealOrder, type RoomWinner } from "./lottery-room-messages.ts";
import type { LotteryRoomState } from "./lottery-room-schemas.ts";
import { PrizeText, TicketResult } from "./ticket-result.tsx";
import { useLotteryRoom } from "./use-lottery-room.ts";

/** The 'drawing starts in 5 seconds' notice at most this long. */
const NOTICE_MS = 5_000;
/** How often a drawing without a room to watch is read again. */
const RELOAD_MS = 5_000;

/**
 * The drawing's code loads with a lottery's page (preloaded by its HTML), not with the list; the
 * page asks for it as it opens, so that it is there when the lottery has been read.
 */
const { Component: LotteryDrawing, preload: preloadDrawing } = lazyAtOnce(() =>
  import("./drawing/lottery-drawing.tsx").then((module) => module.LotteryDrawing),
);

/**
 * /play/instant/lottery/{code}, for anyone (signed in or not): the lottery live from its room
 * (tickets sold and the time left changing as they change, the 5-second notice, then the drawing
 * revealing each winning ticket), then the result: My Tickets and Winner Tickets, 'Buy Another
 * Lottery Tickets', and a link to check the drawing on /fair. A lottery drawn before the page
 * opened (its room gone) replays the same drawing from its winners.
 */
export function LotteryResultPage() {
  const { t } = useTranslation();
  const notify = useNotice();
  const { code = "" } = useParams();
  // The page comes rendered by the server with the lottery in it (and a player's tickets of it),
  // for a player and for a visitor (src/prerender.tsx); else both are read here.
  const renderedLottery = usePageAnswer<LotteryView>(lotteryPath(code));
  const renderedTickets = usePageAnswer<MyTicket[]>(myTicketsPath(code));
  const [lottery, setLottery] = useState<LotteryView | null>(renderedLottery ?? null);
  const [tickets, setTickets] = useState<MyTicket[]>(renderedTickets ?? []);
  // A page the service worker kept shows its lottery as it was then, reads it again at once, and
  // watches its room only once read (the lottery may have been drawn since, its room gone).
  const renderedWithLottery = renderedLottery !== undefined && !pageAnswersKept();
  const [current, setCurrent] = useState(renderedWithLottery);
  // Whether My Tickets can be shown: the cookie's hint once hydrated; before, the session the
  // server rendered the page with (a build's page has none, and no lottery yet either).
  const renderedSession = usePageAnswer<unknown>(SESSION_USER) !== undefined;
  const signedIn = useHydrated() ? browserSession.exists() : renderedSession;
  const [failed, setFailed] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  preloadDrawing();

  const load = useCallback(async () => {
    try {
      // A visitor has no tickets; a session that ended sees the lottery all the same.
      const mine = browserSession.exists() ? fetchMyTickets(code).catch(() => []) : [];
      const [view, held] = await Promise.all([fetchLottery(code), mine]);
      setLottery(view);
      setTickets(held);
      setCurrent(true);
    } catch {
      setFailed(true);
    }
  }, [code]);
  useEffect(() => {
    if (!renderedWithLottery) void load();
    const reload = () => void load();
    window.addEventListener(LOTTERY_DRAWN_EVENT, reload);
    return () => window.removeEventListener(LOTTERY_DRAWN_EVENT, reload);
  }, [load, renderedWithLottery]);

  // A lottery not drawn yet is watched in its room, its drawing too: the API says drawing until
  // the room has revealed the last winner, so a visitor who comes mid-drawing watches it from
  // where it is. One the API says is drawn is replayed from its winners (its room may be gone).
  const watching = lottery !== null && lottery.status !== "drawn" && !cancelled;
  const live = useLotteryRoom(watching && current ? code : null, {
    onDrawingSoon: (drawAt) => announceDrawing(drawAt),
    onDrawn: () => void load(),
    onCancelled: () => {
      setCancelled(true);
      notify({ type: "warning", title: t("lotteryLive.cancelled") });
    },
  });

  // A drawing whose room cannot be joined (its process died; another adopts it within seconds)
  // is read from the API again until it says drawn.
  const stranded = live.connection === "closed" && lottery?.status === "drawing";
  useEffect(() => {
    if (!stranded) return;
    const timer = setInterval(() => void load(), RELOAD_MS);
    return () => clearInterval(timer);
  }, [stranded, load]);

  // The spec's notice, once, up until the drawing starts (about 5 seconds): on `drawingSoon`, or
  // on a countdown the page joined into or came back to after a lost connection.
  const announced = useRef(false);
  const announceDrawing = (drawAt: number) => {
    if (announced.current) return;
    announced.current = true;
    notify({
      type: "info",
      title: t("rounds.startsSoon"),
      message: t("lotteryLive.drawingSoon"),
      autoCloseMs: Math.min(NOTICE_MS, Math.max(2_000, drawAt - Date.now())),
    });
  };
  const counting = live.state?.phase === "countdown" ? live.state.drawAt : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced once, on the countdown
  useEffect(() => {
    if (counting) announceDrawing(counting);
  }, [counting]);

  if (failed) return <p>{t("rounds.notFound")}</p>;
  // The page's frame (prerendered: src/prerender.tsx) while the lottery is read.
  if (!lottery)
    return (
      <section className="lottery-result">
        <h1>{t("lottery.lottery")}</h1>
        <p className="lottery-phase">{t("common.loading")}</p>
        <p className="lottery-lead">{t("lotteryPage.drawingLead")}</p>
        <DrawingPlaceholder />
      </section>
    );
  const phase = live.state?.phase;
  const gone = cancelled || phase === "refunding" || phase === "deleted";
  return (
    <section className="lottery-result" data-status={lottery.status} data-phase={phase}>
      {/* `elementtiming`: when the lottery's data painted, for field and bench timings. */}
      <h1 elementtiming="lottery-painted">{lottery.title}</h1>
      <p className="lottery-phase" data-testid="lottery-phase">
        {gone ? t("lotteryLive.cancelled") : phaseText(t, lottery, live.state)}
      </p>
      <p className="lottery-lead">{t("lotteryPage.drawingLead")}</p>
      {!gone && <LiveFigures lottery={lottery} state={live.state} />}
      {!gone &&
        (watching && !live.state && live.connection === "connecting" ? (
          <DrawingPlaceholder />
        ) : (
          <Drawing lottery={lottery} state={live.state} tickets={tickets} mine={live.mine} />
        ))}
      <div className="lottery-columns">
        <section className="card" aria-labelledby="my-tickets">
          <h2 id="my-tickets">{t("lottery.myTickets")}</h2>
          {!signedIn ? (
            <p>
              <Link to={signInPageFrom(`/play/instant/lottery/${code}`)}>
                {t("lotteryLive.signInForTickets")}
              </Link>
            </p>
          ) : tickets.length === 0 ? (
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

/**
 * Where the lottery stands, in words: from its room while it has one, else from the API. An open
 * lottery reads as its room says it (on sale) before the room answers too: the page the server
 * rendered must not change its words when the room's first state arrives.
 */
function phaseText(t: TFunction, lottery: LotteryView, state: LotteryRoomState | null): string {
  if (!state && lottery.status === "open") return t("lotteryLive.phase.onSale");
  if (!state || lottery.status === "drawn") return t(`lottery.status.${lottery.status}`);
  if (state.phase === "drawing")
    return t("lotteryLive.drawing", { revealed: state.revealed.length, places: state.places });
  return t(`lotteryLive.phase.${state.phase}`);
}

/** Time left (to the end date, then to the drawing), tickets sold, the price and first prize. */
function LiveFigures(props: { lottery: LotteryView; state: LotteryRoomState | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { lottery, state } = props;
  const drawAt = state?.drawAt ?? 0;
  return (
    <dl className="lottery-figures">
      {lottery.status !== "drawn" && (
        <div>
          <dt>{drawAt ? t("lotteryLive.drawingIn") : t("lotteryCard.endsIn")}</dt>
          <dd data-testid="time-left">
            {drawAt ? (
              <TimeLeft
                key="draw"
                end={drawAt}
                label={t("lotteryLive.drawingIn")}
                over={t("lottery.status.drawing")}
              />
            ) : (
              <TimeLeft
                key="end"
                end={state?.outDate ?? Date.parse(lottery.outDate)}
                label={t("lotteryCard.endsIn")}
                over={t("lottery.status.closed")}
              />
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>{t("lotteryCard.ticketsSold")}</dt>
        <dd data-testid="tickets-sold">{state?.ticketsSold ?? lottery.ticketsSold}</dd>
      </div>
      <div>
        <dt>{t("lottery.price")}</dt>
        <dd>{money(lottery.betAmount)}</dd>
      </div>
      <div>
        <dt>{t("lotteryCard.firstPrize")}</dt>
        <dd>{money(lottery.winAmount)}</dd>
      </div>
    </dl>
  );
}

/**
 * The drawing: live from the room's revealed winners (a watcher who came mid-drawing starts from
 * where it is; one who came after the end sees it replayed), or replayed from the API's winners
 * once the room is gone; Watch again replays it. The watcher's tickets are celebrated.
 */
function Drawing(props: {
  lottery: LotteryView;
  state: LotteryRoomState | null;
  tickets: MyTicket[];
  mine: number[];
}) {
  const { t } = useTranslation();
  const { lottery, state } = props;
  const [replays, setReplays] = useState(0);
  const firstPhase = useRef(state?.phase);
  firstPhase.current ??= state?.phase;
  const fromRoom = state !== null && replays === 0;
  const winners = fromRoom
    ? state.revealed.map(fromRoomWinner)
    : lottery.status === "drawn"
      ? inRevealOrder(lottery.winners.map(fromApiWinner))
      : [];
  const replay = !fromRoom || firstPhase.current === "drawn";
  const held = props.tickets.map((ticket) => ticket.myLotteryNumber);
  const mineKey = [...new Set([...held, ...props.mine])].join(",");
  const mine = useMemo(() => (mineKey ? mineKey.split(",").map(Number) : []), [mineKey]);
  const winnersKey = JSON.stringify(winners);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same winners keep one array
  const stable = useMemo(() => winners, [winnersKey]);
  // Drawn in the browser only: the server's render (and so the hydrating one) shows its square.
  const hydrated = useHydrated();
  return (
    <>
      {!hydrated ? (
        <DrawingPlaceholder />
      ) : (
        <Suspense fallback={<DrawingPlaceholder />}>
          <LotteryDrawing
            key={`${replays}-${replay}`}
            winners={stable}
            alreadyRevealed={replay ? 0 : winners.length}
            pace={replay ? "replay" : "live"}
            revealMs={fromRoom && !replay ? revealMsFor(state.revealEveryMs) : undefined}
            mine={mine}
          />
        </Suspense>
      )}
      {lottery.status === "drawn" && lottery.winners.length > 0 && (
        <p className="card-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setReplays((count) => count + 1)}
          >
            {t("lotteryLive.watchAgain")}
          </button>
        </p>
      )}
    </>
  );
}

/** A live reveal ends a little before the room reveals the next winner. */
const revealMsFor = (revealEveryMs: number) =>
  Math.max(600, Math.min(REVEAL_MS, revealEveryMs * 0.85));

const fromRoomWinner = (winner: RoomWinner): DrawingWinner => ({
  ...winner,
  // The room says 0 for an award (a phone, ...); the drawing names it by its label.
  amount: winner.amount === 0 ? null : winner.amount,
});
const fromApiWinner = (winner: LotteryView["winners"][number]): DrawingWinner => ({
  place: winner.place,
  ticket: winner.winnerLotteryNumber,
  label: winner.label,
  amount: winner.amount,
});

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

import { minorToMajor } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useRefusalNotice } from "./demo-flow.ts";
import {
  buyTicket,
  DEMO_LOTTERIES,
  type DemoLottery,
  drawLottery,
  freeTickets,
  TICKETS_PER_DRAW,
} from "./demo-rules.ts";
import { readDemo, saveDemo, useDemo } from "./demo-wallet.ts";
import { type LotteryDraw, LotteryDrawOverlay } from "./lottery-draw.tsx";
import { PlayMoney } from "./play-money.tsx";
import { randomBelow } from "./secure-random.ts";

/**
 * /demo/game/lottery: the three demo lotteries as cards. Buy Ticket asks 'Confirm Purchase' and
 * takes the price from the play money; Watch the draw draws one of the 10 tickets of that lottery
 * and pays its prize if the ticket is the player's.
 */
export function LotteryDemo() {
  const { t } = useTranslation();
  const money = useMoney();
  const notify = useNotice();
  const refused = useRefusalNotice();
  const demo = useDemo("lottery");
  const [confirming, setConfirming] = useState<DemoLottery | null>(null);
  const [draw, setDraw] = useState<LotteryDraw | null>(null);

  const buy = (lottery: DemoLottery) => {
    setConfirming(null);
    const state = readDemo("lottery");
    const decision = buyTicket(state, lottery, randomBelow(TICKETS_PER_DRAW));
    if (!decision.ok) return refused(decision.refusal);
    saveDemo("lottery", decision.value.state);
    notify({
      type: "success",
      title: t("demo.purchased"),
      message: t("demo.purchasedMessage", { ticket: decision.value.ticket }),
      autoCloseMs: 3000,
    });
  };
  const startDraw = (lottery: DemoLottery) => {
    const decision = drawLottery(readDemo("lottery"), lottery, 1 + randomBelow(TICKETS_PER_DRAW));
    if (!decision.ok) return refused(decision.refusal);
    saveDemo("lottery", decision.value.state);
    const { mine, winning, payout } = decision.value;
    setDraw({
      title: t(`demo.lotteries.${lottery.id}`),
      mine,
      winning,
      prize: lottery.winAmount,
      payout,
    });
  };

  return (
    <section className="demo-lottery">
      <h1>{t("games.lottery")}</h1>
      <PlayMoney game="lottery" busy={draw !== null} />
      <p className="hint">{t("demo.ticketsPerDraw")}</p>
      <ul className="game-cards lottery-cards">
        {DEMO_LOTTERIES.map((lottery) => {
          const title = t(`demo.lotteries.${lottery.id}`);
          const held = demo.tickets[lottery.id] ?? [];
          return (
            <li key={lottery.id} className="card lottery-card" data-lottery={lottery.id}>
              <h2>{title}</h2>
              <dl className="game-figures">
                <div>
                  <dt>{t("demo.price")}</dt>
                  <dd>{money(minorToMajor(lottery.price))}</dd>
                </div>
                <div>
                  <dt>{t("demo.winAmount")}</dt>
                  <dd>{money(minorToMajor(lottery.winAmount))}</dd>
                </div>
              </dl>
              <p data-testid="tickets">
                {t("demo.yourTickets")}: {held.length ? held.join(", ") : t("demo.noTicketsYet")}
              </p>
              <div className="modal-actions">
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    freeTickets(demo, lottery).length
                      ? setConfirming(lottery)
                      : refused("noTicketsLeft")
                  }
                >
                  {t("demo.buyTicket")}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => startDraw(lottery)}
                  disabled={held.length === 0}
                >
                  {t("demo.watchDraw")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {confirming && (
        <Modal title={t("demo.confirmPurchase")} onClose={() => setConfirming(null)}>
          <p>
            {t("demo.confirmMessage", {
              title: t(`demo.lotteries.${confirming.id}`),
              price: money(minorToMajor(confirming.price)),
            })}
          </p>
          <div className="modal-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setConfirming(null)}
            >
              {t("common.cancel")}
            </button>
            <button type="button" className="button" onClick={() => buy(confirming)}>
              {t("demo.confirm")}
            </button>
          </div>
        </Modal>
      )}
      {draw && <LotteryDrawOverlay draw={draw} onClose={() => setDraw(null)} />}
    </section>
  );
}

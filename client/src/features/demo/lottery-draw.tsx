import { minorToMajor } from "@igp/shared";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { playSound } from "../../lib/rounds/sounds.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { DrawingPlaceholder } from "../lottery/drawing/drawing-placeholder.tsx";
import { settleDemo } from "./demo-wallet.ts";
import "../../components/rounds/result-overlay.css";

const LotteryDrawing = lazy(() =>
  import("../lottery/drawing/lottery-drawing.tsx").then((module) => ({
    default: module.LotteryDrawing,
  })),
);

export interface LotteryDraw {
  title: string;
  mine: number[];
  winning: number;
  /** What the winning ticket wins (minor units). */
  prize: number;
  /** The prize when one of `mine` won, else 0 (minor units). */
  payout: number;
}

/**
 * The demo's draw in the lottery's own drawing: the drum turns and the winning ticket's ball
 * lands with its prize (the player's own celebrated by the drawing); then the prize is paid, or
 * the lose sound plays, and the win or loss is told.
 */
export function LotteryDrawOverlay({ draw, onClose }: { draw: LotteryDraw; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const notify = useNotice();
  const [landed, setLanded] = useState(false);
  const winners = useMemo(() => {
    const amount = minorToMajor(draw.prize);
    return [{ place: 1, ticket: draw.winning, label: String(amount), amount }];
  }, [draw]);
  const land = () => {
    setLanded(true);
    settleDemo("lottery");
    const won = draw.payout > 0;
    if (!won) playSound("lose");
    notify(
      won
        ? {
            type: "success",
            title: t("rounds.won"),
            message: t("rounds.wonMessage", { amount: money(minorToMajor(draw.payout)) }),
          }
        : {
            type: "danger",
            title: t("rounds.lost"),
            message: t("rounds.lostMessage"),
            haptic: "warning",
          },
    );
  };

  return (
    <Modal
      title={t("demo.drawTitle", { title: draw.title })}
      overlayClassName="result-overlay"
      className="result-panel lottery-draw"
      dismissible={landed}
      onClose={onClose}
    >
      <Suspense fallback={<DrawingPlaceholder />}>
        <LotteryDrawing winners={winners} pace="replay" mine={draw.mine} onLanded={land} />
      </Suspense>
      {!landed && <p>{t("demo.drawing")}</p>}
      <section>
        <h3>{t("demo.myTickets")}</h3>
        <p>{draw.mine.join(", ")}</p>
      </section>
      <section>
        <h3>{t("demo.winnerTickets")}</h3>
        <p data-testid="winner-ticket">{landed ? draw.winning : "…"}</p>
      </section>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose} disabled={!landed}>
          {t("demo.buyAnother")}
        </button>
      </div>
    </Modal>
  );
}

import { minorToMajor } from "@igp/shared";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { prefersReducedMotion } from "../../lib/reduced-motion.ts";
import { celebrate, playSound } from "../../lib/rounds/sounds.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { TICKETS_PER_DRAW } from "./demo-rules.ts";
import { settleDemo } from "./demo-wallet.ts";
import "../../components/rounds/result-overlay.css";

export interface LotteryDraw {
  title: string;
  mine: number[];
  winning: number;
  /** The prize when one of `mine` won, else 0 (minor units). */
  payout: number;
}

const DRAW_MS = 3_000;
const REDUCED_MOTION_DRAW_MS = 800;

/**
 * The ticket numbers roll, slowing down, for a few seconds and stop on the winning one; then the
 * prize is paid (with the games' win sound and confetti) or the lose sound plays.
 */
export function LotteryDrawOverlay({ draw, onClose }: { draw: LotteryDraw; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const notify = useNotice();
  const [shown, setShown] = useState(1);
  const [landed, setLanded] = useState(false);
  // The landing as of the latest render, read once the numbers stop.
  const land = useRef(() => {});
  land.current = () => {
    setShown(draw.winning);
    setLanded(true);
    settleDemo("lottery");
    const won = draw.payout > 0;
    playSound(won ? "win" : "lose");
    if (won) celebrate();
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
  const winning = draw.winning;

  useEffect(() => {
    const duration = prefersReducedMotion() ? REDUCED_MOTION_DRAW_MS : DRAW_MS;
    const start = performance.now();
    let last = 0;
    let frame = requestAnimationFrame(function roll(now: number) {
      const progress = Math.min(1, (now - start) / duration);
      if (progress >= 1) return land.current();
      // Ticks get further apart as the draw slows (every 50 ms at first, every 400 ms at the end).
      if (now - last > 50 + 350 * progress * progress) {
        last = now;
        setShown(1 + ((winning + Math.floor(now / 7)) % TICKETS_PER_DRAW));
      }
      frame = requestAnimationFrame(roll);
    });
    return () => cancelAnimationFrame(frame);
  }, [winning]);

  return (
    <Modal
      title={t("demo.drawTitle", { title: draw.title })}
      overlayClassName="result-overlay"
      className="result-panel lottery-draw"
      dismissible={landed}
      onClose={onClose}
    >
      <p
        className={`lottery-ball${landed ? " lottery-ball-landed" : ""}`}
        data-testid="lottery-ball"
        data-landed={landed ? "true" : undefined}
        aria-live="polite"
      >
        {landed ? draw.winning : shown}
      </p>
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

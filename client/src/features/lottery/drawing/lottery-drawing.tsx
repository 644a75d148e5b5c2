import "../lottery-texts.ts";
import { LOTTERY_BALL_COLOURS } from "@igp/shared";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AnimationFailed } from "../../../components/canvas/animation-failed.tsx";
import { startCanvas2DStage } from "../../../components/canvas/canvas-2d-stage.ts";
import { isDrawn, useScene } from "../../../components/canvas/use-scene.ts";
import { celebrate, playSound } from "../../../lib/rounds/sounds.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { prizeText } from "../ticket-result.tsx";
import { drawingSize } from "./drawing-placeholder.tsx";
import { type DrawnBall, drawLotteryDrawing } from "./drawing-scene.ts";
import type { DrawingFrame } from "./drawing-timeline.ts";
import { type RevealPace, useRevealClock } from "./use-reveal-clock.ts";
import "./lottery-drawing.css";

/** A winning ticket as the drawing reveals it: its place, number and prize (null: an award). */
export interface DrawingWinner {
  place: number;
  ticket: number;
  label: string;
  amount: number | null;
}

/**
 * The lottery drawing (a 2D canvas: drawing-scene.ts): `winners` in reveal order, each coming
 * out of the drum and landing on the spot with its ticket number, place and prize, one after
 * another (`pace`: live from the room, or a replay). The first `alreadyRevealed` (read at mount)
 * are on show at once. A winner among `mine` (the watcher's tickets) gets a green ring, 'Your ticket!',
 * confetti and the win sound. What is shown is in the element's attributes for assistive
 * technology and tests; if the canvas cannot start, the winners are said in words.
 */
export function LotteryDrawing({
  winners,
  alreadyRevealed = 0,
  pace,
  revealMs,
  mine = [],
  onLanded,
}: {
  winners: DrawingWinner[];
  alreadyRevealed?: number;
  pace: RevealPace;
  revealMs?: number;
  mine?: number[];
  onLanded?: (winner: DrawingWinner) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const host = useRef<HTMLDivElement>(null);
  const [size] = useState(drawingSize);
  const atMount = useRef(alreadyRevealed);
  const { scene, status } = useScene(host, size, startCanvas2DStage, drawLotteryDrawing);
  const [celebrated, setCelebrated] = useState<DrawingWinner | null>(null);

  const describe = useCallback(
    (winner: DrawingWinner) =>
      `${t("records.place", { count: winner.place, ordinal: true })} · ${prizeText(money, winner)}`,
    [t, money],
  );
  const balls: DrawnBall[] = useMemo(
    () =>
      winners.map((winner) => ({
        ticket: winner.ticket,
        colour: LOTTERY_BALL_COLOURS[(winner.place - 1) % LOTTERY_BALL_COLOURS.length]!,
        label: describe(winner),
        mine: mine.includes(winner.ticket),
      })),
    [winners, mine, describe],
  );
  const lastFrame = useRef<DrawingFrame | null>(null);
  const show = (frame: DrawingFrame) => {
    lastFrame.current = frame;
    scene.current?.show(frame, balls, t("lotteryDrawing.yours"));
  };
  const landed = useRevealClock({
    count: winners.length,
    alreadyRevealed: atMount.current,
    pace,
    revealMs,
    ready: status !== "loading",
    broken: status === "failed",
    onFrame: show,
    onLanded: (index) => {
      const winner = winners[index]!;
      onLanded?.(winner);
      if (index < atMount.current || !mine.includes(winner.ticket)) return;
      setCelebrated(winner);
      playSound("win");
      celebrate();
    },
  });
  // A scene that starts late (or new texts) shows the clock's latest frame.
  const drawn = isDrawn(status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw on new balls or a new scene
  useEffect(() => {
    if (drawn && lastFrame.current) show(lastFrame.current);
  }, [drawn, balls]);

  const shown = winners.slice(0, landed);
  const latest = shown.at(-1);
  const allLanded = latest !== undefined && landed === winners.length;
  return (
    <div className="lottery-drawing">
      <div
        ref={host}
        className="drawing-canvas"
        role="img"
        aria-label={t("lotteryDrawing.label")}
        data-testid="lottery-drawing"
        data-renderer={status}
        data-revealed={landed}
        data-ticket={latest?.ticket}
        data-place={latest?.place}
        data-mine={latest && mine.includes(latest.ticket) ? "true" : undefined}
        data-landed={allLanded ? "true" : undefined}
        style={{ width: size, height: size }}
      >
        {status === "loading" && <div className="drawing-placeholder" aria-hidden="true" />}
        {status === "failed" && (
          <AnimationFailed
            result={
              shown.length
                ? shown.map((w) => `${describe(w)}: #${w.ticket}`).join("; ")
                : t("lotteryDrawing.noneYet")
            }
          />
        )}
      </div>
      {celebrated && (
        <p className="drawing-mine" role="status" data-testid="drawing-mine">
          {t("lotteryDrawing.youWon", { ticket: celebrated.ticket, prize: describe(celebrated) })}
        </p>
      )}
      {shown.length > 0 && (
        <ol className="drawing-winners" aria-label={t("lotteryDrawing.revealed")}>
          {shown.map((winner) => (
            <li
              key={winner.place}
              data-place={winner.place}
              data-ticket={winner.ticket}
              className={mine.includes(winner.ticket) ? "mine" : undefined}
            >
              <strong>#{winner.ticket}</strong> {describe(winner)}
              {mine.includes(winner.ticket) && ` · ${t("lotteryDrawing.yours")}`}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

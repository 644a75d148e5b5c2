import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMoney } from "../../lib/site-config.tsx";
import "./round-stage.css";

/** A seat around the picture: who, and what they hold (a side, numbers), or an empty seat. */
export interface StageSeat {
  key: string;
  who: string;
  holds?: string;
  mine?: boolean;
}

/**
 * The head of a round's screen: its picture (the coin, the wheel) first and large, the players
 * around it and the pot, what the round is about before the figures and controls below.
 */
export function RoundStage({
  picture,
  seats,
  pot,
}: {
  picture: ReactNode;
  seats: StageSeat[];
  /** The stakes in so far, in major units. */
  pot: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="round-stage">
      <div className="stage-picture">{picture}</div>
      <ul className="stage-seats" aria-label={t("stage.players")}>
        {seats.map((seat) => (
          <li
            key={seat.key}
            className={`stage-seat${seat.mine ? " stage-seat-mine" : ""}${seat.holds ? "" : " stage-seat-empty"}`}
          >
            <span>{seat.who}</span>
            {seat.holds && <strong>{seat.holds}</strong>}
          </li>
        ))}
      </ul>
      <p className="stage-pot">
        {t("stage.pot")} <strong data-testid="stage-pot">{money(pot)}</strong>
      </p>
    </div>
  );
}

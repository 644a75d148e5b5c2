import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { Modal } from "../../components/ui/modal.tsx";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import {
  checkDue,
  endSession,
  type PlaySession,
  playSession,
  saveSession,
  sessionFigures,
} from "./reality-check-clock.ts";
import { realityCheckMinutes } from "./reality-check-setting.ts";
import "./texts.ts";

/** How often the clock looks (the check itself comes every N minutes the player picked). */
const TICK_MS = 5_000;

/**
 * The reality check on the game screens: every N minutes of play (the player's choice in
 * 'Play responsibly'; off by default) it shows the time played and the net result of this
 * session, with Continue or Stop.
 */
export function RealityCheck() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { user } = useSession();
  const balance = user ? user.mainBalance + user.bonusBalance : null;
  const [shown, setShown] = useState<{ minutes: number; net: number } | null>(null);

  useEffect(() => {
    if (balance === null) return;
    const look = () => {
      const minutes = realityCheckMinutes();
      const now = Date.now();
      const session: PlaySession = playSession(now, balance);
      if (checkDue(session, minutes, now)) {
        saveSession({ ...session, lastCheckAt: now });
        setShown(sessionFigures(session, now, balance));
      }
    };
    look();
    const timer = setInterval(look, TICK_MS);
    return () => clearInterval(timer);
  }, [balance]);

  if (!shown) return null;
  const carryOn = () => {
    const now = Date.now();
    saveSession({ ...playSession(now, balance ?? 0), lastCheckAt: now });
    setShown(null);
  };
  return (
    <Modal title={t("saferPlay.reality.heading")} role="alertdialog" onClose={carryOn}>
      <p>{t("saferPlay.reality.played", { minutes: shown.minutes })}</p>
      <p>{t("saferPlay.reality.result", { amount: money(shown.net) })}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={carryOn} data-autofocus>
          {t("saferPlay.reality.continue")}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            endSession();
            setShown(null);
            navigate("/dashboard/profile");
          }}
        >
          {t("saferPlay.reality.stop")}
        </button>
      </div>
    </Modal>
  );
}

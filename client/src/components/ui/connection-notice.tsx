import { useTranslation } from "react-i18next";
import type { RoomConnection } from "../../lib/watch-room.ts";
import "./connection-notice.css";

/**
 * Says so while a round's live connection is down and coming back by itself, and when it could
 * not be made at all while the round is still being played (a network or a proxy that lets no
 * websocket through): then the page would otherwise wait for ever.
 */
export function ConnectionNotice({
  connection,
  roundOpen,
}: {
  connection: RoomConnection;
  /** Whether the round still takes seats or waits for its draw (the live room is needed). */
  roundOpen: boolean;
}) {
  const { t } = useTranslation();
  if (connection === "closed" && roundOpen)
    return (
      <p className="connection-notice" role="alert">
        {t("rounds.cannotConnect")}
      </p>
    );
  if (connection !== "reconnecting") return null;
  return (
    <p className="connection-notice" role="status" aria-live="polite">
      {t("rounds.reconnecting")}
    </p>
  );
}

import { useTranslation } from "react-i18next";
import type { RoomConnection } from "../../lib/rounds/use-round-room.ts";

/** Says so while a round's live connection is down and coming back by itself. */
export function ConnectionNotice({ connection }: { connection: RoomConnection }) {
  const { t } = useTranslation();
  if (connection !== "reconnecting") return null;
  return (
    <p className="connection-notice" role="status" aria-live="polite">
      {t("rounds.reconnecting")}
    </p>
  );
}

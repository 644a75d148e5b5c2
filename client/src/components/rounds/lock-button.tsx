import { useTranslation } from "react-i18next";

/** 'Lock Selection', becoming 'Selection Locked' once the choice is sent. */
export function LockButton({ selecting, onLock }: { selecting: boolean; onLock(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button" onClick={onLock} disabled={!selecting}>
      {selecting ? t("rounds.lockSelection") : t("rounds.selectionLocked")}
    </button>
  );
}

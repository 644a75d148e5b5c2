import "../admin-texts.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { statusColour } from "../../wallet/transactions.ts";

/** A request's status in its colour: approved green, disapproved red, pending yellow. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status status-${statusColour(status)}`}>{t(`status.${status}`, status)}</span>
  );
}

/**
 * Approve and Disapprove on a pending request; `approveInstead` stands where Approve would when
 * it cannot be done (an agent short of float).
 */
export function DecisionButtons(props: {
  onApprove(): void;
  onDisapprove(): void;
  approveInstead?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <span className="row-actions">
      {props.approveInstead ?? (
        <button type="button" className="button button-small" onClick={props.onApprove}>
          {t("admin.approve")}
        </button>
      )}
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={props.onDisapprove}
      >
        {t("admin.disapprove")}
      </button>
    </span>
  );
}

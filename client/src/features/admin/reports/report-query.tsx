import "./reports-texts.ts";
import type { ReportRange } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useMessage } from "../../../lib/messages.ts";

export const rangeQuery = ({ from, to }: ReportRange) =>
  new URLSearchParams({ from, to }).toString();

/** A report the server refused (its message) or could not give. */
export function ReportFailure({ error }: { error: Error }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <p className="field-error" role="alert">
      {error.message ? message(error.message) : t("reports.loadFailed")}
    </p>
  );
}

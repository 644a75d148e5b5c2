import "./reports-texts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadCsv } from "../../../lib/download-csv.ts";
import { useMessage } from "../../../lib/messages.ts";

/** Export CSV: the server streams the whole range; a refusal is shown beside the button. */
export function ExportButton(props: { path: string; name: string; label?: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <span className="report-export">
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailure(null);
          try {
            await downloadCsv(props.path, `${props.name}.csv`);
          } catch (error) {
            setFailure(message(error instanceof Error ? error.message : String(error)));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t("reports.exporting") : (props.label ?? t("reports.exportCsv"))}
      </button>
      {failure && <span className="field-error">{failure}</span>}
    </span>
  );
}

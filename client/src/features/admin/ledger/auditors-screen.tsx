import "./ledger-texts.ts";
import type { Auditor } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/ui/notice.tsx";
import { api } from "../../../lib/api-client.ts";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";
import { AUDITORS, CreateAdminDialog, useStatusToggle } from "../screens/accounts-screens.tsx";

/**
 * The superAdmin's auditors: created like agents (two factors when staff must have them), each
 * with or without personal data (players' names and phones unmasked). What they read is in the
 * activity log.
 */
export default function AuditorsScreen() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [creating, setCreating] = useState(false);
  const toggle = useStatusToggle(AUDITORS, "auditors");

  async function setGrant(auditor: Auditor) {
    try {
      const changed = await api<Auditor>(`${AUDITORS}/${auditor.id}/personal-data`, {
        body: { personalData: !auditor.personalData },
      });
      await changeRow<Auditor>(AUDITORS, "auditors", auditor.id, {
        personalData: changed.personalData,
      });
    } catch {
      notice({ type: "danger", title: t("auditors.failed") });
    }
  }

  const columns: Column<Auditor>[] = [
    { header: t("admin.columns.id"), cell: (r) => <code>{r.id.slice(0, 8)}</code> },
    { header: t("admin.columns.name"), cell: (r) => r.fullName },
    { header: t("admin.columns.email"), cell: (r) => r.email ?? "—" },
    { header: t("admin.columns.status"), cell: (r) => t(`admin.accountStatus.${r.status}`) },
    {
      header: t("auditors.personalData"),
      cell: (r) => t(r.personalData ? "auditors.granted" : "auditors.masked"),
    },
    {
      header: t("admin.columns.actions"),
      cell: (r) => (
        <span className="row-actions">
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => void setGrant(r)}
          >
            {t(r.personalData ? "auditors.withdraw" : "auditors.grant")}
          </button>{" "}
          {toggle.button(r)}
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>{t("auditors.title")}</h1>
      <p>{t("auditors.intro")}</p>
      <button type="button" className="button" onClick={() => setCreating(true)}>
        {t("admin.createAuditor")}
      </button>
      <DataTable path={AUDITORS} listKey="auditors" columns={columns} empty={t("auditors.none")} />
      {toggle.dialog}
      {creating && <CreateAdminDialog auditor onClose={() => setCreating(false)} />}
    </section>
  );
}

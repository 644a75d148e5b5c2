import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/i18n.ts";
import { Field } from "../../auth/login-page.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, DataTable } from "../components/data-table.tsx";
import { ImageThumbnail } from "../components/image-thumbnail.tsx";

interface CatalogRow {
  id: string;
  status: "active" | "blocked";
  bankName?: string;
  accountNumber?: string;
  bankLogo?: string;
  socialName?: string;
  socialLink?: string;
  socialLinkLogo?: string;
}

type Kind = "bank" | "method" | "social";

const PATHS: Record<
  Kind,
  { list: string; key: string; create: string; status: string; remove: string }
> = {
  bank: {
    list: "/api/banks/all?type=deposit",
    key: "banks",
    create: "/api/banks/create",
    status: "/api/banks/status",
    remove: "/api/banks",
  },
  method: {
    list: "/api/banks/all?type=withdraw",
    key: "banks",
    create: "/api/banks/create",
    status: "/api/banks/status",
    remove: "/api/banks",
  },
  social: {
    list: "/api/socials/all",
    key: "socials",
    create: "/api/socials/create",
    status: "/api/socials/status",
    remove: "/api/socials",
  },
};

/** Banks, withdraw methods and social links: create with a logo, block or unblock, delete. */
export function CatalogScreen({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<{ row: CatalogRow; action: "toggle" | "delete" } | null>(
    null,
  );
  const paths = PATHS[kind];
  const name = (row: CatalogRow) => row.bankName ?? row.socialName ?? "";
  const failed =
    kind === "social" ? t("admin.catalog.socialFailed") : t("admin.catalog.bankFailed");

  async function act(row: CatalogRow, action: "toggle" | "delete") {
    setConfirm(null);
    try {
      if (action === "toggle") await api(`${paths.status}/${row.id}`, { method: "POST", body: {} });
      else await api(`${paths.remove}/${row.id}`, { method: "DELETE" });
      setVersion((v) => v + 1);
    } catch {
      notice({ type: "danger", title: failed });
    }
  }

  const columns: Column<CatalogRow>[] = [
    {
      header: t("admin.catalog.logo"),
      cell: (r) => {
        const logo = r.bankLogo ?? r.socialLinkLogo;
        return <ImageThumbnail src={logo ? `/image/${logo}` : null} label={name(r)} />;
      },
    },
    { header: t("admin.catalog.name"), cell: name },
    kind === "social"
      ? { header: t("admin.catalog.link"), cell: (r) => r.socialLink }
      : { header: t("admin.columns.account"), cell: (r) => r.accountNumber || "—" },
    { header: t("admin.columns.status"), cell: (r) => t(`admin.accountStatus.${r.status}`) },
    {
      header: t("admin.columns.actions"),
      cell: (r) => (
        <span className="row-actions">
          <button
            type="button"
            className="button button-small button-outline"
            onClick={() => setConfirm({ row: r, action: "toggle" })}
          >
            {t(r.status === "active" ? "admin.block" : "admin.unblock")}
          </button>
          <button
            type="button"
            className="button button-small button-outline"
            onClick={() => setConfirm({ row: r, action: "delete" })}
          >
            {t("admin.catalog.delete")}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section>
      <h1>
        {t(
          `admin.menu.${kind === "bank" ? "banks" : kind === "method" ? "withdrawMethods" : "socials"}`,
        )}
      </h1>
      <button type="button" className="button" onClick={() => setCreating(true)}>
        {t(`admin.catalog.create.${kind}`)}
      </button>
      <DataTable
        path={paths.list}
        listKey={paths.key}
        columns={columns}
        empty={t(kind === "social" ? "admin.empty.socials" : "admin.empty.banks")}
        version={version}
      />
      {confirm && (
        <ConfirmDialog
          question={t(
            confirm.action === "delete"
              ? "admin.catalog.confirmDelete"
              : confirm.row.status === "active"
                ? "admin.confirmBlock"
                : "admin.confirmUnblock",
            { name: name(confirm.row) },
          )}
          confirm={t(
            confirm.action === "delete"
              ? "admin.catalog.delete"
              : confirm.row.status === "active"
                ? "admin.block"
                : "admin.unblock",
          )}
          onConfirm={() => void act(confirm.row, confirm.action)}
          onCancel={() => setConfirm(null)}
        />
      )}
      {creating && (
        <CreateDialog
          kind={kind}
          onClose={() => setCreating(false)}
          onCreated={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}

function CreateDialog({
  kind,
  onClose,
  onCreated,
}: {
  kind: Kind;
  onClose(): void;
  onCreated(): void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const [name, setName] = useState("");
  const [second, setSecond] = useState("");
  const [logo, setLogo] = useState<File | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const needsSecond = kind !== "method";
    if (!name.trim() || (needsSecond && !second.trim()) || !logo) {
      return notice({
        type: "warning",
        title: t("wallet.missingFields"),
        message: message("Please fill all fields."),
      });
    }
    const body = new FormData();
    if (kind === "social") {
      body.append("socialName", name);
      body.append("socialLink", second);
      body.append("socialLogo", logo);
    } else {
      body.append("bankName", name);
      body.append("type", kind === "bank" ? "deposit" : "withdraw");
      if (kind === "bank") body.append("accountNumber", second);
      body.append("bankLogo", logo);
    }
    try {
      await api(PATHS[kind].create, { body });
      onCreated();
      onClose();
    } catch (error) {
      const title =
        kind === "social"
          ? t("admin.catalog.createSocialFailed")
          : t("admin.catalog.createBankFailed");
      notice({
        type: "danger",
        title,
        message: error instanceof ApiError ? message(error.message) : undefined,
      });
    }
  }

  return (
    <FormDialog
      id="catalog-create"
      title={t(`admin.catalog.create.${kind}`)}
      submitLabel={t("admin.create")}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field
        id="catalog-name"
        label={t(
          kind === "social"
            ? "admin.catalog.socialName"
            : kind === "method"
              ? "admin.catalog.methodName"
              : "admin.catalog.bankName",
        )}
        value={name}
        onChange={setName}
      />
      {kind !== "method" && (
        <Field
          id="catalog-second"
          label={t(kind === "social" ? "admin.catalog.link" : "admin.columns.account")}
          value={second}
          onChange={setSecond}
        />
      )}
      <div className="field">
        <label htmlFor="catalog-logo">{t("admin.catalog.logo")}</label>
        <input
          id="catalog-logo"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
        />
      </div>
    </FormDialog>
  );
}

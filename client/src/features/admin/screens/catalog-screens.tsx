import "../admin-texts.ts";
import {
  BANK_ACCOUNT_REQUIRED,
  bankFieldsSchema,
  LOGO_REQUIRED,
  socialFieldsSchema,
} from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DialogForm } from "../../../components/form/dialog-form.tsx";
import { ImageField, TextField } from "../../../components/form/fields.tsx";
import { multipart } from "../../../components/form/multipart.ts";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useNotice } from "../../../components/ui/notice.tsx";
import { api } from "../../../lib/api-client.ts";
import { queryKeys, refreshLists } from "../../../lib/queries.ts";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";
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

/** A confirmation's words: delete, or block/unblock after the row's current status. */
const WORDING = {
  delete: { question: "admin.catalog.confirmDelete", confirm: "admin.catalog.delete" },
  block: { question: "admin.confirmBlock", confirm: "admin.block" },
  unblock: { question: "admin.confirmUnblock", confirm: "admin.unblock" },
} as const;
const wording = ({ row, action }: { row: CatalogRow; action: "toggle" | "delete" }) =>
  action === "delete" ? "delete" : row.status === "active" ? "block" : "unblock";

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
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<{ row: CatalogRow; action: "toggle" | "delete" } | null>(
    null,
  );
  const paths = PATHS[kind];
  const name = (row: CatalogRow) => row.bankName ?? row.socialName ?? "";
  const failed =
    kind === "social" ? t("admin.catalog.socialFailed") : t("admin.catalog.bankFailed");

  async function act(row: CatalogRow, action: "toggle" | "delete") {
    try {
      if (action === "toggle") await api(`${paths.status}/${row.id}`, { method: "POST", body: {} });
      else await api(`${paths.remove}/${row.id}`, { method: "DELETE" });
      setConfirm(null);
      const toggled = { status: row.status === "active" ? "blocked" : "active" } as const;
      await changeRow<CatalogRow>(
        paths.list,
        paths.key,
        row.id,
        action === "toggle" ? toggled : null,
      );
      // Players and agents pick banks from the active ones.
      if (kind !== "social") await refreshLists(queryKeys.banks);
    } catch {
      setConfirm(null);
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
            className="button button-small button-secondary"
            onClick={() => setConfirm({ row: r, action: "toggle" })}
          >
            {t(r.status === "active" ? "admin.block" : "admin.unblock")}
          </button>
          <button
            type="button"
            className="button button-small button-danger"
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
      />
      {confirm && (
        <ConfirmDialog
          question={t(WORDING[wording(confirm)].question, { name: name(confirm.row) })}
          confirm={t(WORDING[wording(confirm)].confirm)}
          onConfirm={() => act(confirm.row, confirm.action)}
          onCancel={() => setConfirm(null)}
        />
      )}
      {creating && <CreateDialog kind={kind} onClose={() => setCreating(false)} />}
    </section>
  );
}

const logo = z.custom<File | null>((value) => value instanceof Blob, LOGO_REQUIRED);

/** What each kind's create form asks (the server's fields and rules), the logo included. */
const CREATE_FORMS = {
  bank: {
    schema: bankFieldsSchema
      .extend({ bankLogo: logo })
      .refine((form) => Boolean(form.accountNumber), {
        path: ["accountNumber"],
        message: BANK_ACCOUNT_REQUIRED,
      }),
    defaultValues: { bankName: "", accountNumber: "", type: "deposit", bankLogo: null },
  },
  method: {
    schema: bankFieldsSchema.extend({ bankLogo: logo }),
    defaultValues: { bankName: "", type: "withdraw", bankLogo: null },
  },
  social: {
    schema: socialFieldsSchema.extend({ socialLogo: logo }),
    defaultValues: { socialName: "", socialLink: "", socialLogo: null },
  },
} as const;

function CreateDialog({ kind, onClose }: { kind: Kind; onClose(): void }) {
  const { t } = useTranslation();
  const { schema, defaultValues } = CREATE_FORMS[kind];
  const form = useApiForm<Record<string, unknown>>({
    schema: schema as never,
    defaultValues,
    async onSubmit(values) {
      await api(PATHS[kind].create, { body: multipart(values) });
      await refreshLists(queryKeys.adminTable(PATHS[kind].list), queryKeys.banks);
      onClose();
    },
  });

  return (
    <DialogForm
      form={form}
      id="catalog-create"
      title={t(`admin.catalog.create.${kind}`)}
      submitLabel={t("admin.create")}
      failureTitle={t(
        kind === "social" ? "admin.catalog.createSocialFailed" : "admin.catalog.createBankFailed",
      )}
      onCancel={onClose}
    >
      {kind === "social" ? (
        <>
          <TextField name="socialName" label={t("admin.catalog.socialName")} />
          <TextField name="socialLink" type="url" label={t("admin.catalog.link")} />
        </>
      ) : (
        <TextField
          name="bankName"
          label={t(kind === "method" ? "admin.catalog.methodName" : "admin.catalog.bankName")}
        />
      )}
      {kind === "bank" && <TextField name="accountNumber" label={t("admin.columns.account")} />}
      <ImageField
        name={kind === "social" ? "socialLogo" : "bankLogo"}
        label={t("admin.catalog.logo")}
        preview
      />
    </DialogForm>
  );
}

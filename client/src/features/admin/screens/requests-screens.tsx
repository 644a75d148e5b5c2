import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/i18n.ts";
import { methodLabel } from "../../../lib/labels.ts";
import { useSession } from "../../../lib/session.tsx";
import { useMoney } from "../../../lib/site-config.tsx";
import { statusColour } from "../../wallet/transactions-list.tsx";
import { CodeDialog } from "../components/code-dialog.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, DataTable } from "../components/data-table.tsx";
import { ImageThumbnail } from "../components/image-thumbnail.tsx";

interface Request {
  id: string;
  amount: number;
  method: string;
  accountNumber: string | null;
  transactionId: string | null;
  screenShot?: string | null;
  gameCode?: string | null;
  status: string;
  user: { fullName: string };
}

type Pending = { request: Request; action: "approve" | "disapprove" } | null;

/** Deposit requests: approve (an agent deposit with the player's code) or disapprove pending ones. */
export function DepositRequestsScreen() {
  return <RequestsScreen kind="deposit" />;
}

/** Withdrawal requests: approve with the withdraw code, or disapprove (the hold goes back). */
export function WithdrawalRequestsScreen() {
  return <RequestsScreen kind="withdraw" />;
}

function RequestsScreen({ kind }: { kind: "deposit" | "withdraw" }) {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const notice = useNotice();
  const { refresh } = useSession();
  const [pending, setPending] = useState<Pending>(null);
  const [version, setVersion] = useState(0);
  const failure =
    kind === "deposit"
      ? { title: t("admin.updateFailed"), text: t("admin.depositFailed") }
      : { title: t("admin.error"), text: t("admin.withdrawFailed") };

  async function decide(request: Request, action: "approve" | "disapprove", code?: string) {
    setPending(null);
    const path =
      action === "disapprove"
        ? `/api/admin/disapprove/${request.id}`
        : `/api/admin/${kind}/approve/${request.id}`;
    const body =
      action === "disapprove"
        ? undefined
        : kind === "deposit"
          ? { depositCode: code }
          : { withdrawCode: code };
    try {
      await api(path, { method: "POST", body: body ?? {} });
      setVersion((v) => v + 1);
      void refresh();
    } catch (error) {
      notice({
        type: "danger",
        title: failure.title,
        message: error instanceof ApiError ? message(error.message) : failure.text,
      });
    }
  }

  const needsCode = (request: Request) => kind === "withdraw" || request.method === "Agent Deposit";
  const columns: Column<Request>[] = [
    { header: t("admin.columns.player"), cell: (r) => r.user.fullName },
    { header: t("admin.columns.amount"), cell: (r) => money(r.amount) },
    { header: t("admin.columns.method"), cell: (r) => methodLabel(t, r.method) },
    { header: t("admin.columns.account"), cell: (r) => r.accountNumber ?? "—" },
    ...(kind === "deposit"
      ? [
          { header: t("admin.columns.transaction"), cell: (r: Request) => r.transactionId ?? "—" },
          {
            header: t("admin.columns.screenshot"),
            cell: (r: Request) => (
              <ImageThumbnail src={r.screenShot ?? null} label={t("admin.columns.screenshot")} />
            ),
          },
        ]
      : [{ header: t("admin.columns.code"), cell: (r: Request) => r.gameCode ?? "—" }]),
    {
      header: t("admin.columns.status"),
      cell: (r) => (
        <span className={`status status-${statusColour(r.status)}`}>
          {t(`status.${r.status}`, r.status)}
        </span>
      ),
    },
    {
      header: t("admin.columns.actions"),
      cell: (r) =>
        r.status !== "pending" ? (
          t("admin.noAction")
        ) : (
          <span className="row-actions">
            <button
              type="button"
              className="button button-small"
              onClick={() => setPending({ request: r, action: "approve" })}
            >
              {t("admin.approve")}
            </button>
            <button
              type="button"
              className="button button-small button-outline"
              onClick={() => setPending({ request: r, action: "disapprove" })}
            >
              {t("admin.disapprove")}
            </button>
          </span>
        ),
    },
  ];

  return (
    <section>
      <h1>{t(kind === "deposit" ? "admin.menu.deposits" : "admin.menu.withdrawals")}</h1>
      <DataTable
        path={`/api/admin/${kind}/requests`}
        listKey="transactions"
        columns={columns}
        empty={t(kind === "deposit" ? "admin.empty.deposits" : "admin.empty.withdrawals")}
        version={version}
      />
      {pending?.action === "approve" && needsCode(pending.request) && (
        <CodeDialog
          title={t("admin.approve")}
          label={t(kind === "deposit" ? "admin.depositCode" : "admin.withdrawCode")}
          required={t(
            kind === "deposit" ? "admin.depositCodeRequired" : "admin.withdrawCodeRequired",
          )}
          onSubmit={(code) => void decide(pending.request, "approve", code)}
          onCancel={() => setPending(null)}
        />
      )}
      {pending && (pending.action === "disapprove" || !needsCode(pending.request)) && (
        <ConfirmDialog
          question={t(
            pending.action === "approve" ? "admin.confirmApprove" : "admin.confirmDisapprove",
          )}
          confirm={t(pending.action === "approve" ? "admin.approve" : "admin.disapprove")}
          onConfirm={() => void decide(pending.request, pending.action)}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}

import "../admin-texts.ts";
import { SoundToggle } from "../live/staff-channel.tsx";
import "../../../lib/money-texts/index.ts";
import {
  AGENT_DEPOSIT_METHOD,
  type FraudSignal,
  PAYMENT_REFERENCE_REQUIRED,
  paymentReferenceSchema,
  withdrawViaAgent,
} from "@igp/shared";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { methodLabel } from "../../../lib/labels.ts";
import { useMessage } from "../../../lib/messages.ts";
import { queryKeys, refreshLists, useApiQuery } from "../../../lib/queries.ts";
import { useSession } from "../../../lib/session.tsx";
import { useMoney } from "../../../lib/site-config.tsx";
import { type ApprovalNote, SignalList, SignalsStep } from "../../fraud-signals/signals-step.tsx";
import { CodeDialog } from "../components/code-dialog.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";
import { DecisionButtons, StatusBadge } from "../components/decision.tsx";
import { ImageThumbnail } from "../components/image-thumbnail.tsx";
import { RequestChargeLink } from "../components/request-charge-link.tsx";
import { useStepUp, withAuthenticatorCode } from "../components/step-up.tsx";

interface Request {
  id: string;
  amount: number;
  /** Withdrawals: what the player receives (the amount less the fee). */
  payout?: number;
  method: string;
  accountNumber: string | null;
  transactionId: string | null;
  screenShot?: string | null;
  gameCode?: string | null;
  /** Bank withdrawals: the reference of the transfer that paid it. */
  paymentReference?: string | null;
  status: string;
  createdAt: string;
  user: { fullName: string };
}

type Action = "approve" | "disapprove";
type Pending = { request: Request; action: Action } | null;

/** Deposit requests: approve (an agent deposit with the player's code) or disapprove pending ones. */
export function DepositRequestsScreen() {
  return <RequestsScreen kind="deposit" />;
}

/**
 * Withdrawal requests: approve one through an agent with the player's withdraw code, one to a
 * bank with the payment reference of the transfer made; or disapprove (the hold goes back).
 */
export function WithdrawalRequestsScreen() {
  return <RequestsScreen kind="withdraw" />;
}

function RequestsScreen({ kind }: { kind: "deposit" | "withdraw" }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const notice = useNotice();
  const { user, refresh } = useSession();
  const float = useAgentFloat(kind);
  const [pending, setPendingRequest] = useState<Pending>(null);
  /**
   * The approver's answer to the request's fraud signals (null until they have seen them), and
   * the signals that asked nothing, shown in the approval's dialog.
   */
  const [signalsNote, setSignalsNote] = useState<ApprovalNote | null>(null);
  const [contextSignals, setContextSignals] = useState<FraudSignal[]>([]);
  const setPending = (next: Pending) => {
    setPendingRequest(next);
    setSignalsNote(null);
  };
  const onSignalsSeen = useCallback((note: ApprovalNote, shown: FraudSignal[]) => {
    setSignalsNote(note);
    setContextSignals(shown);
  }, []);
  const signalsContext =
    pending?.action === "approve" && contextSignals.length > 0 ? (
      <SignalList signals={contextSignals} />
    ) : null;
  const [searchParams] = useSearchParams();
  const stepUp = useStepUp();
  const path = `/api/admin/${kind}/requests`;
  const failure =
    kind === "deposit"
      ? { title: t("admin.updateFailed"), text: t("admin.depositFailed") }
      : { title: t("admin.error"), text: t("admin.withdrawFailed") };

  /** Sends the decision; the row shows it at once. Throws the refusal to the dialog asking. */
  async function decide(request: Request, action: Action, code?: string) {
    const target =
      action === "disapprove"
        ? `/api/admin/disapprove/${request.id}`
        : `/api/admin/${kind}/approve/${request.id}`;
    const proof =
      action === "disapprove" || !code
        ? {}
        : kind === "deposit"
          ? { depositCode: code }
          : paidByTransfer(request)
            ? { paymentReference: code }
            : { withdrawCode: code };
    const body = action === "approve" ? { ...proof, ...signalsNote } : proof;
    await stepUp.run((authenticatorCode) =>
      api<void>(target, {
        method: "POST",
        body,
        headers: withAuthenticatorCode(authenticatorCode),
      }),
    );
    setPending(null);
    void refresh();
    void refreshLists(queryKeys.adminFloat);
    await changeRow<Request>(path, "transactions", request.id, {
      status: action === "approve" ? "approved" : "disapproved",
    });
  }

  async function decideOrTell(request: Request, action: Action) {
    try {
      await decide(request, action);
    } catch (error) {
      setPending(null);
      notice({
        type: "danger",
        title: failure.title,
        message: error instanceof ApiError ? message(error.message) : failure.text,
      });
    }
  }

  const needsCode = (request: Request) =>
    kind === "withdraw" || request.method === AGENT_DEPOSIT_METHOD;
  /** A bank withdrawal: staff transfer the money, then approve with the transfer's reference. */
  const paidByTransfer = (request: Request) =>
    kind === "withdraw" && !withdrawViaAgent(request.method);
  /** An agent pays an agent deposit from its float: one it cannot cover is said so up front. */
  const floatShort = (request: Request) =>
    float !== null && request.method === AGENT_DEPOSIT_METHOD && float < request.amount;
  const question = (request: Request, action: Action) =>
    t(action === "approve" ? "admin.confirmApproveOf" : "admin.confirmDisapproveOf", {
      amount: money(request.amount),
      name: request.user.fullName,
    });
  const columns: Column<Request>[] = [
    {
      header: t("admin.columns.date"),
      cell: (r) => new Date(r.createdAt).toLocaleString(i18n.language),
    },
    { header: t("admin.columns.player"), cell: (r) => r.user.fullName },
    { header: t("admin.columns.amount"), cell: (r) => money(r.amount) },
    { header: t("admin.columns.method"), cell: (r) => methodLabel(t, r.method) },
    { header: t("admin.columns.account"), cell: (r) => r.accountNumber || "—" },
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
      : [
          { header: t("admin.columns.code"), cell: (r: Request) => r.gameCode ?? "—" },
          // Bank withdrawals (the superAdmin's) are paid by transfer: their references.
          ...(user?.role === "superAdmin" || user?.role === "auditor"
            ? [
                {
                  header: t("money.approval.referenceColumn"),
                  cell: (r: Request) => r.paymentReference ?? "—",
                },
              ]
            : []),
        ]),
    {
      header: t("admin.columns.status"),
      cell: (r) => <StatusBadge status={r.status} />,
    },
    // An auditor reads the list: no decisions to offer.
    ...(user?.role === "auditor"
      ? []
      : [
          {
            header: t("admin.columns.actions"),
            cell: (r: Request) =>
              r.status !== "pending" ? (
                t("admin.noAction")
              ) : (
                <DecisionButtons
                  onApprove={() => setPending({ request: r, action: "approve" })}
                  onDisapprove={() => setPending({ request: r, action: "disapprove" })}
                  approveInstead={
                    floatShort(r) ? (
                      <span className="text-danger">
                        {t("admin.float.short")} <RequestChargeLink />
                      </span>
                    ) : undefined
                  }
                />
              ),
          },
        ]),
  ];

  return (
    <section>
      <h1>{t(kind === "deposit" ? "admin.menu.deposits" : "admin.menu.withdrawals")}</h1>
      <SoundToggle />
      {float === 0 && (
        <p className="card float-notice" role="status">
          {t("admin.float.none")} <RequestChargeLink />
        </p>
      )}
      <DataTable
        path={path}
        listKey="transactions"
        columns={columns}
        empty={t(kind === "deposit" ? "admin.empty.deposits" : "admin.empty.withdrawals")}
        initialSearch={searchParams.get("search") ?? undefined}
      />
      {/* An approval shows the request's fraud signals first (docs/fraud-signals.md). */}
      {pending?.action === "approve" && !signalsNote && (
        <SignalsStep
          kind={kind}
          requestId={pending.request.id}
          title={question(pending.request, "approve")}
          superAdmin={user?.role === "superAdmin"}
          onContinue={onSignalsSeen}
          onCancel={() => setPending(null)}
        />
      )}
      {pending?.action === "approve" &&
        signalsNote &&
        kind === "withdraw" &&
        paidByTransfer(pending.request) && (
          <CodeDialog
            title={question(pending.request, "approve")}
            label={t("money.approval.reference")}
            hint={t("money.approval.referenceHint", {
              payout: money(pending.request.payout ?? pending.request.amount),
              method: pending.request.method,
              account: pending.request.accountNumber ?? "",
            })}
            required={PAYMENT_REFERENCE_REQUIRED}
            rule={paymentReferenceSchema}
            upperCase={false}
            failureTitle={failure.title}
            onSubmit={(reference) => decide(pending.request, "approve", reference)}
            onCancel={() => setPending(null)}
          >
            {signalsContext}
          </CodeDialog>
        )}
      {pending?.action === "approve" &&
        signalsNote &&
        needsCode(pending.request) &&
        !paidByTransfer(pending.request) && (
          <CodeDialog
            title={question(pending.request, "approve")}
            label={t(kind === "deposit" ? "admin.depositCode" : "admin.withdrawCode")}
            required={t(
              kind === "deposit" ? "admin.depositCodeRequired" : "admin.withdrawCodeRequired",
            )}
            failureTitle={failure.title}
            onSubmit={(code) => decide(pending.request, "approve", code)}
            onCancel={() => setPending(null)}
          >
            {signalsContext}
          </CodeDialog>
        )}
      {pending &&
        (pending.action === "disapprove" || (signalsNote && !needsCode(pending.request))) && (
          <ConfirmDialog
            question={question(pending.request, pending.action)}
            confirm={t(pending.action === "approve" ? "admin.approve" : "admin.disapprove")}
            onConfirm={() => decideOrTell(pending.request, pending.action)}
            onCancel={() => setPending(null)}
          >
            {signalsContext}
          </ConfirmDialog>
        )}
      {stepUp.dialog}
    </section>
  );
}

/** The signed-in agent's float, on the deposit requests it pays from it; null for anyone else. */
function useAgentFloat(kind: "deposit" | "withdraw"): number | null {
  const { user } = useSession();
  const applies = kind === "deposit" && user?.role === "admin";
  const { data } = useApiQuery<{ mainBalance: number }>(queryKeys.adminFloat, "/api/admin/float", {
    enabled: applies,
  });
  return applies && data ? data.mainBalance : null;
}

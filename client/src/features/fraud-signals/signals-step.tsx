import "./texts.ts";
import "./fraud-signals.css";
import type { FraudSignal } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Modal } from "../../components/ui/modal.tsx";
import { useApiQuery } from "../../lib/queries.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { StatusBadge } from "../admin/components/decision.tsx";

/** What the approver decided on the signals: a note, and the superAdmin's override. */
export interface ApprovalNote {
  note?: string;
  overrideDuplicate?: boolean;
}

/**
 * The first step of an approval (docs/fraud-signals.md): the request's fraud signals, each with
 * its reason and the request it matches (a link to it, its status), and a note when a signal
 * names another request. A request whose signals ask no note (none, or only about the player:
 * velocity, a new account) goes straight on, handing those signals to the next dialog
 * (`onContinue({}, signals)`), which shows them above its question. A reference an approved
 * deposit used is refused by the server unless a superAdmin overrides it: the step offers the
 * override to a superAdmin only.
 */
export function SignalsStep(props: {
  kind: "deposit" | "withdraw";
  requestId: string;
  title: string;
  superAdmin: boolean;
  onContinue(note: ApprovalNote, shown: FraudSignal[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { data, isError } = useApiQuery<{ signals: FraudSignal[] }>(
    ["fraudSignals", props.kind, props.requestId],
    `/api/admin/${props.kind}/signals/${props.requestId}`,
    { staleTime: 0, gcTime: 0 },
  );
  const [note, setNote] = useState("");
  const [override, setOverride] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signals = data?.signals ?? null;
  const blocking = signals?.some((signal) => signal.blocking) ?? false;
  const needsNote = signals?.some((signal) => signal.needsNote) ?? false;
  const asksNothing = signals !== null && !blocking && !needsNote;
  const { onContinue } = props;
  useEffect(() => {
    if (asksNothing && signals) onContinue({}, signals);
  }, [asksNothing, signals, onContinue]);
  if (asksNothing) return null;

  const submit = () => {
    if ((needsNote || override) && !note.trim()) return setError(t("fraudSignals.noteRequired"));
    props.onContinue(
      {
        ...(note.trim() && { note: note.trim() }),
        ...(override && { overrideDuplicate: true }),
      },
      [],
    );
  };

  return (
    <Modal
      title={props.title}
      onClose={props.onCancel}
      className="modal signals-step"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {!signals && (
        <p role="status">{t(isError ? "fraudSignals.failed" : "fraudSignals.loading")}</p>
      )}
      {signals && (
        <>
          <h3>{t("fraudSignals.title")}</h3>
          <p className="hint">{t("fraudSignals.intro")}</p>
          <SignalList signals={signals} />
          {blocking && !props.superAdmin && (
            <p className="field-error">{t("fraudSignals.overrideOnlySuperAdmin")}</p>
          )}
          {blocking && props.superAdmin && (
            <label className="signal-override">
              <input
                type="checkbox"
                checked={override}
                onChange={(event) => setOverride(event.target.checked)}
              />{" "}
              {t("fraudSignals.override")}
            </label>
          )}
          <div className="field">
            <label htmlFor="approval-note">{t("fraudSignals.note")}</label>
            <textarea
              id="approval-note"
              rows={3}
              maxLength={500}
              value={note}
              aria-invalid={error ? true : undefined}
              aria-describedby="approval-note-hint"
              onChange={(event) => {
                setNote(event.target.value);
                setError(null);
              }}
            />
            <p id="approval-note-hint" className="hint">
              {t("fraudSignals.noteHint")}
            </p>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
        <button
          type="submit"
          className="button"
          disabled={!signals || (blocking && !props.superAdmin) || (blocking && !override)}
        >
          {t("fraudSignals.continue")}
        </button>
      </div>
    </Modal>
  );
}

/** The signals, each with its reason and the request it matches. */
export function SignalList({ signals }: { signals: FraudSignal[] }) {
  const { t } = useTranslation();
  return (
    <ul className="signal-list" aria-label={t("fraudSignals.title")}>
      {signals.map((signal, index) => (
        <SignalItem key={`${signal.kind}-${signal.match?.id ?? index}`} signal={signal} />
      ))}
    </ul>
  );
}

function SignalItem({ signal }: { signal: FraudSignal }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const match = signal.match;
  const list = match?.type === "withdrawal" ? "withdrawals" : "deposits";
  return (
    <li className={`signal${signal.blocking ? " signal-blocking" : ""}`}>
      <p>
        {t(`fraudSignals.kinds.${signal.kind}`, { ...signal.params, defaultValue: signal.reason })}
        {signal.blocking && <strong> {t("fraudSignals.blocking")}</strong>}
      </p>
      {match && (
        <p className="signal-match">
          <Link to={`/admin/dashboard/${list}?search=${match.id}`} target="_blank" rel="noopener">
            {t("fraudSignals.open", {
              name: match.user.fullName,
              amount: money(match.amount),
              date: new Date(match.createdAt).toLocaleString(i18n.language),
            })}
          </Link>{" "}
          <StatusBadge status={match.status} />
        </p>
      )}
      {signal.kind === "linkedAccounts" && (
        <p className="signal-match">
          <Link
            to={`/admin/dashboard/linked-accounts?group=${signal.params.groupId}`}
            target="_blank"
            rel="noopener"
          >
            {t("fraudSignals.openGroup")}
          </Link>
        </p>
      )}
    </li>
  );
}

import {
  checkRoundProof,
  type LedgerBalance,
  type LedgerEventsPage,
  type LedgerEventView,
  type LinkVerdict,
  type ProofStep,
  roundProofOf,
  verifyChain,
} from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useApiQuery } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { ReportTable } from "../reports/report-table.tsx";
import { Pager } from "./pager.tsx";

const PAGE = 50;
const eventsPath = (streamId: string, from: number, limit: number) =>
  `/api/admin/ledger/streams/${encodeURIComponent(streamId)}/events?from=${from}&limit=${limit}`;

/**
 * One stream: its events a page at a time, each page's hash chain recomputed here with Web
 * Crypto (shared/src/ledger-chain.ts, the bytes the server hashed), linked to the event before
 * the page; a wallet's or agent's balance as of an event or a moment; a round's proof.
 */
export function StreamView({ streamId }: { streamId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const from = (page - 1) * PAGE;
  // The event before the page comes too: the page's first link is checked against its hash.
  const anchor = from > 0 ? 1 : 0;
  const { data, isError } = useApiQuery<LedgerEventsPage>(
    ["ledger", "events", streamId, from],
    eventsPath(streamId, from - anchor, PAGE + anchor),
  );
  const [verdicts, setVerdicts] = useState<LinkVerdict[] | null>(null);
  const before = anchor && data ? (data.events[0]?.hash ?? null) : null;
  const shown = data ? data.events.slice(anchor) : [];

  useEffect(() => {
    if (!data) return;
    let current = true;
    setVerdicts(null);
    verifyChain(streamId, data.events.slice(anchor), before).then(
      (found) => current && setVerdicts(found),
      (error) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [data, streamId, anchor, before]);

  if (isError) return <p role="alert">{t("ledger.failed")}</p>;
  if (!data) return <p>{t("common.loading")}</p>;
  const broken = verdicts?.find((v) => !v.contentOk || !v.linkOk);
  const verdictOf = (revision: number) => verdicts?.find((v) => v.revision === revision);
  const last = shown.at(-1)?.revision ?? from;

  return (
    <>
      <h2>
        <code>{streamId}</code>
      </h2>
      <p>{t("ledger.page", { from, to: last, total: data.total })}</p>
      {!verdicts ? (
        <p>{t("ledger.checking")}</p>
      ) : broken ? (
        <p className="chain-verdict is-broken" role="alert" data-testid="chain-verdict">
          {t("ledger.chainBroken", { revision: broken.revision })}
        </p>
      ) : (
        <p className="chain-verdict is-ok" role="status" data-testid="chain-verdict">
          {t("ledger.chainOk", { from, to: last })}
        </p>
      )}
      <ReportTable<LedgerEventView>
        rows={shown}
        rowKey={(e) => String(e.revision)}
        empty={t("ledger.noStreams")}
        columns={[
          { header: t("ledger.revision"), cell: (e) => e.revision, figure: true },
          { header: t("ledger.type"), cell: (e) => e.type },
          { header: t("ledger.time"), cell: (e) => new Date(e.recordedAt).toLocaleString() },
          {
            header: t("ledger.hash"),
            cell: (e) => <code title={e.hash}>{e.hash.slice(0, 12)}</code>,
          },
          {
            header: t("ledger.link"),
            cell: (e) => {
              const verdict = verdictOf(e.revision);
              if (!verdict) return "…";
              return verdict.contentOk && verdict.linkOk
                ? `✓ ${t("ledger.linkOk")}`
                : `✗ ${t("ledger.linkBroken")}`;
            },
          },
          {
            header: t("ledger.details"),
            cell: (e) => (
              <details>
                <summary>{t("ledger.details")}</summary>
                <pre>
                  {JSON.stringify({ id: e.id, data: e.data, metadata: e.metadata }, null, 1)}
                </pre>
              </details>
            ),
          },
        ]}
      />
      <Pager page={page} pages={Math.max(1, Math.ceil(data.total / PAGE))} onPage={setPage} />
      {(data.kind === "wallet" || data.kind === "agent") && (
        <BalanceAsOf streamId={streamId} head={data.total - 1} />
      )}
      {data.kind === "round" && <RoundProofCheck streamId={streamId} total={data.total} />}
    </>
  );
}

/** The balance replayed by the server to an event (a revision) or a moment (a local time). */
function BalanceAsOf({ streamId, head }: { streamId: string; head: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [revision, setRevision] = useState(String(head));
  const [moment, setMoment] = useState("");
  const [result, setResult] = useState<LedgerBalance | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function replay(query: string) {
    setFailure(null);
    try {
      setResult(
        await api<LedgerBalance>(
          `/api/admin/ledger/balance?stream=${encodeURIComponent(streamId)}&${query}`,
        ),
      );
    } catch (error) {
      setResult(null);
      setFailure(error instanceof ApiError ? error.message : t("ledger.failed"));
    }
  }

  return (
    <section className="card ledger-box" aria-labelledby="balance-as-of">
      <h2 id="balance-as-of">{t("ledger.balance.title")}</h2>
      <form
        className="ledger-filters"
        onSubmit={(event) => {
          event.preventDefault();
          void replay(`revision=${encodeURIComponent(revision.trim())}`);
        }}
      >
        <label>
          {t("ledger.balance.byRevision")}
          <input
            inputMode="numeric"
            value={revision}
            onChange={(event) => setRevision(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          {t("ledger.balance.replay")}
        </button>
      </form>
      <form
        className="ledger-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const at = new Date(moment);
          if (Number.isNaN(at.getTime())) return;
          void replay(`at=${encodeURIComponent(at.toISOString())}`);
        }}
      >
        <label>
          {t("ledger.balance.byTime")}
          <input
            type="datetime-local"
            step="1"
            required
            value={moment}
            onChange={(event) => setMoment(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          {t("ledger.balance.replay")}
        </button>
      </form>
      {failure && (
        <p role="alert">
          {t("ledger.balance.failed")} {failure}
        </p>
      )}
      {result && (
        <div role="status" data-testid="balance-result">
          <p>
            {result.revision === null
              ? t("ledger.balance.none")
              : t("ledger.balance.result", {
                  revision: result.revision,
                  time: new Date(result.recordedAt!).toLocaleString(),
                  hash: result.hash!.slice(0, 12),
                })}
          </p>
          <dl className="stat-cards">
            {Object.entries(result.balances).map(([name, amount]) => (
              <div key={name} className="card stat">
                <dt>{t(`ledger.balance.${name}`, { defaultValue: name })}</dt>
                <dd>{money(amount)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}

/** Reads the whole round stream and recomputes its proof here (shared/src/round-proof.ts). */
function RoundProofCheck({ streamId, total }: { streamId: string; total: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<
    "idle" | "computing" | "failed" | { steps: ProofStep[] | null }
  >("idle");

  async function recompute() {
    setState("computing");
    try {
      const events: LedgerEventView[] = [];
      for (let from: number | null = 0; from !== null && events.length < total; ) {
        const page: LedgerEventsPage = await api(eventsPath(streamId, from, 100));
        events.push(...page.events);
        from = page.next;
      }
      setState({ steps: await checkRoundProof(roundProofOf(streamId, events)) });
    } catch (error) {
      console.error(error);
      setState("failed");
    }
  }

  return (
    <section className="card ledger-box" aria-labelledby="round-proof">
      <h2 id="round-proof">{t("ledger.proof.title")}</h2>
      <button
        type="button"
        className="button"
        disabled={state === "computing"}
        onClick={() => void recompute()}
      >
        {t("ledger.proof.recompute")}
      </button>
      {state === "computing" && <p>{t("ledger.proof.computing")}</p>}
      {state === "failed" && <p role="alert">{t("ledger.failed")}</p>}
      {typeof state === "object" &&
        (state.steps === null ? (
          <p role="status">{t("ledger.proof.notSettled")}</p>
        ) : (
          <>
            <p
              className={`proof-verdict ${state.steps.every((s) => s.ok) ? "is-ok" : "is-broken"}`}
              role="status"
              data-testid="proof-verdict"
            >
              {t(state.steps.every((s) => s.ok) ? "ledger.proof.ok" : "ledger.proof.broken")}
            </p>
            <ReportTable<ProofStep>
              rows={state.steps}
              rowKey={(s) => s.step}
              empty=""
              columns={[
                { header: t("ledger.type"), cell: (s) => t(`ledger.proof.steps.${s.step}`) },
                {
                  header: t("ledger.proof.recorded"),
                  cell: (s) => <code>{s.recorded}</code>,
                },
                {
                  header: t("ledger.proof.recomputed"),
                  cell: (s) => <code>{s.recomputed}</code>,
                },
                { header: t("ledger.link"), cell: (s) => (s.ok ? "✓" : "✗") },
              ]}
            />
          </>
        ))}
    </section>
  );
}

import { commitmentOf, drawLottery, type LotteryFairness, ticketsDigest } from "@igp/shared";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { api } from "../../lib/api-client.ts";

interface LotteryCheck {
  proof: LotteryFairness;
  commitmentMatches: boolean;
  digest: string;
  recomputed: number[];
}

/** Re-runs a whole lottery drawing in this browser with the code the server ran (docs/fairness.md). */
export async function verifyLottery(proof: LotteryFairness): Promise<LotteryCheck | null> {
  if (!proof.serverSeed) return null;
  return {
    proof,
    commitmentMatches: (await commitmentOf(proof.serverSeed)) === proof.commitment,
    digest: await ticketsDigest(proof.tickets),
    recomputed: await drawLottery(proof.serverSeed, proof.roundId, proof.tickets, proof.places),
  };
}

/** /fair?lottery=CODE: the lottery part of the page. */
export function LotteryFair() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get("lottery") ?? "");
  const [check, setCheck] = useState<LotteryCheck | "pending" | null>(null);
  const [error, setError] = useState("");

  const run = useCallback(
    async (value: string) => {
      setError("");
      setCheck(null);
      try {
        const proof = await api<LotteryFairness>(
          `/api/game/lottery/fair/${encodeURIComponent(value)}`,
        );
        setCheck((await verifyLottery(proof)) ?? "pending");
      } catch {
        setError(t("rounds.notFound"));
      }
    },
    [t],
  );
  useEffect(() => {
    const initial = params.get("lottery");
    if (initial) void run(initial);
  }, [params, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t("rounds.enterCode"));
    setParams({ lottery: code.trim().toUpperCase() });
  };

  return (
    <section className="card lottery-fair">
      <h2>{t("lottery.fair.title")}</h2>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t("lottery.fair.code")}</span>
          <input value={code} onChange={(event) => setCode(event.target.value.toUpperCase())} />
        </label>
        <button type="submit" className="button">
          {t("fair.verify")}
        </button>
        {error && <p className="text-danger">{error}</p>}
      </form>
      {check === "pending" && <p>{t("fair.pending")}</p>}
      {check && check !== "pending" && <LotteryCheckResult check={check} />}
    </section>
  );
}

function LotteryCheckResult({ check }: { check: LotteryCheck }) {
  const { t } = useTranslation();
  const { proof } = check;
  const verified =
    check.commitmentMatches &&
    check.digest === proof.ticketsDigest &&
    check.recomputed.join() === proof.winners.join();
  return (
    <div className="fair-result" data-verdict={verified ? "verified" : "mismatch"}>
      <h3>{verified ? t("fair.verified") : t("fair.mismatch")}</h3>
      <dl className="fair-figures">
        <dt>{t("fair.roundId")}</dt>
        <dd>
          <code>{proof.roundId}</code>
        </dd>
        <dt>{t("rounds.commitment")}</dt>
        <dd>
          <code>{proof.commitment}</code>
        </dd>
        <dt>{t("fair.serverSeed")}</dt>
        <dd>
          <code>{proof.serverSeed}</code>
        </dd>
        <dt>{t("lottery.fair.tickets")}</dt>
        <dd>{proof.tickets.length}</dd>
        <dt>{t("lottery.fair.digest")}</dt>
        <dd>
          <code>{check.digest}</code>
        </dd>
        <dt>{t("lottery.fair.winners")}</dt>
        <dd>{proof.winners.map((n) => `#${n}`).join(", ") || "—"}</dd>
        <dt>{t("lottery.fair.recomputed")}</dt>
        <dd>{check.recomputed.map((n) => `#${n}`).join(", ") || "—"}</dd>
      </dl>
    </div>
  );
}

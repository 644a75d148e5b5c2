import { commitmentOf, drawLottery, type LotteryFairness, ticketsDigest } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import { CodeFigure } from "./code-figure.tsx";
import { useCodeCheck } from "./use-code-check.ts";
import "./fair.css";

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

const checkLottery = async (code: string): Promise<LotteryCheck | "pending"> => {
  const proof = await api<LotteryFairness>(`/api/game/lottery/fair/${encodeURIComponent(code)}`);
  return (await verifyLottery(proof)) ?? "pending";
};

/** /fair?lottery=CODE: the lottery part of the page. */
export function LotteryFair() {
  const { t } = useTranslation();
  const { code, setCode, result: check, error, submit } = useCodeCheck("lottery", checkLottery);

  return (
    <section className="card lottery-fair">
      <h2>{t("fair.lottery.title")}</h2>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t("fair.lottery.code")}</span>
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
        <CodeFigure label={t("fair.roundId")} value={proof.roundId} />
        <CodeFigure label={t("rounds.commitment")} value={proof.commitment} />
        <CodeFigure label={t("fair.serverSeed")} value={proof.serverSeed} />
        <dt>{t("fair.lottery.tickets")}</dt>
        <dd>{proof.tickets.length}</dd>
        <CodeFigure label={t("fair.lottery.digest")} value={check.digest} />
        <dt>{t("fair.lottery.winners")}</dt>
        <dd>{proof.winners.map((n) => `#${n}`).join(", ") || "—"}</dd>
        <dt>{t("fair.lottery.recomputed")}</dt>
        <dd>{check.recomputed.map((n) => `#${n}`).join(", ") || "—"}</dd>
      </dl>
    </div>
  );
}

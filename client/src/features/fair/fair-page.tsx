import { type CoinFlipGame, commitmentOf, flipCoin } from "@igp/shared";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { fetchGame } from "../coin-flip/coin-flip-api.ts";
import { LotteryFair } from "./lottery-fair.tsx";

interface Check {
  game: CoinFlipGame;
  /** null until the round is settled and its seed revealed. */
  commitmentMatches: boolean | null;
  recomputed: string | null;
}

/** Recomputes a settled round in this browser with the same code the server ran (docs/fairness.md). */
export async function verifyRound(game: CoinFlipGame): Promise<Check> {
  const { serverSeed, commitment, clientSeeds, roundId } = game.fairness;
  if (!serverSeed) return { game, commitmentMatches: null, recomputed: null };
  return {
    game,
    commitmentMatches: (await commitmentOf(serverSeed)) === commitment,
    recomputed: await flipCoin({ serverSeed, clientSeeds, roundId }),
  };
}

/** /fair: anyone enters a round code; the browser checks the commitment and the outcome. */
export function FairPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get("code") ?? "");
  const [check, setCheck] = useState<Check | null>(null);
  const [error, setError] = useState("");

  const run = useCallback(
    async (value: string) => {
      setError("");
      setCheck(null);
      try {
        setCheck(await verifyRound(await fetchGame(value.trim().toUpperCase())));
      } catch {
        setError(t("coinFlip.notFound"));
      }
    },
    [t],
  );
  useEffect(() => {
    const initial = params.get("code");
    if (initial) void run(initial);
  }, [params, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t("coinFlip.enterCode"));
    setParams({ code: code.trim().toUpperCase() });
  };

  return (
    <main className="page fair">
      <h1>{t("fair.title")}</h1>
      <p>{t("fair.intro")}</p>
      <form className="card" onSubmit={submit} noValidate>
        <label className="field">
          <span>{t("coinFlip.gameCode")}</span>
          <input value={code} onChange={(event) => setCode(event.target.value.toUpperCase())} />
        </label>
        <button type="submit" className="button">
          {t("fair.verify")}
        </button>
        {error && <p className="text-danger">{error}</p>}
      </form>
      {check && <CheckResult check={check} />}
      <LotteryFair />
      <section className="card">
        <h2>{t("fair.how")}</h2>
        <ol>
          {["s1", "s2", "s3", "s4"].map((step) => (
            <li key={step}>{t(`fair.steps.${step}`)}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}

function CheckResult({ check }: { check: Check }) {
  const { t } = useTranslation();
  const { fairness } = check.game;
  const verdict =
    check.commitmentMatches === null
      ? t("fair.pending")
      : check.commitmentMatches && check.recomputed === fairness.outcome
        ? t("fair.verified")
        : t("fair.mismatch");
  return (
    <section
      className="card fair-result"
      data-verdict={
        check.commitmentMatches === null
          ? "pending"
          : verdict === t("fair.verified")
            ? "verified"
            : "mismatch"
      }
    >
      <h2>{verdict}</h2>
      <dl className="fair-figures">
        <dt>{t("fair.roundId")}</dt>
        <dd>
          <code>{fairness.roundId}</code>
        </dd>
        <dt>{t("coinFlip.commitment")}</dt>
        <dd>
          <code>{fairness.commitment}</code>
        </dd>
        <dt>{t("fair.clientSeeds")}</dt>
        <dd>
          <code>{fairness.clientSeeds.join(" : ")}</code>
        </dd>
        <dt>{t("fair.serverSeed")}</dt>
        <dd>
          <code>{fairness.serverSeed ?? t("fair.hidden")}</code>
        </dd>
        <dt>{t("fair.outcome")}</dt>
        <dd>{fairness.outcome ?? "—"}</dd>
        <dt>{t("fair.recomputed")}</dt>
        <dd>{check.recomputed ?? "—"}</dd>
      </dl>
    </section>
  );
}

import { commitmentOf, type DrawInput, finalRotationFor, flipCoin, spinWinner } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { CodeFigure } from "./code-figure.tsx";
import { type FairRound, fetchRound } from "./fair-api.ts";
import "./fair-locales.ts";
import { LotteryFair } from "./lottery-fair.tsx";
import { useCodeCheck } from "./use-code-check.ts";
import "./fair.css";

interface Check {
  game: FairRound;
  /** null until the round is settled and its seed revealed. */
  commitmentMatches: boolean | null;
  recomputed: string | null;
  /** Spin wheel: the wheel's stop recomputed from the number drawn here, and the one sent. */
  wheelStop?: { recorded: number | null; recomputed: number };
}

/** Recomputes a settled round in this browser with the same code the server ran (docs/fairness.md). */
export async function verifyRound(game: FairRound): Promise<Check> {
  const { serverSeed, commitment, clientSeeds, roundId } = game.fairness;
  if (!serverSeed) return { game, commitmentMatches: null, recomputed: null };
  const input: DrawInput = { serverSeed, clientSeeds, roundId };
  const commitmentMatches = (await commitmentOf(serverSeed)) === commitment;
  if (!("heldNumbers" in game))
    return { game, commitmentMatches, recomputed: await flipCoin(input) };
  // The wheel: the number among those held, and the rotation that number alone decides.
  const winner = await spinWinner(input, game.heldNumbers);
  return {
    game,
    commitmentMatches,
    recomputed: String(winner),
    wheelStop: {
      recorded: game.gameResult?.finalRotation ?? null,
      recomputed: finalRotationFor(winner),
    },
  };
}

/** Verified: the seed matches its hash, the outcome (and the wheel's stop) are recomputed alike. */
export function verdictOf(check: Check): "pending" | "verified" | "mismatch" {
  if (check.commitmentMatches === null) return "pending";
  const outcomeMatches = check.recomputed === String(check.game.fairness.outcome);
  const stopMatches = !check.wheelStop || check.wheelStop.recorded === check.wheelStop.recomputed;
  return check.commitmentMatches && outcomeMatches && stopMatches ? "verified" : "mismatch";
}

const checkRound = async (code: string) => verifyRound(await fetchRound(code));

/** /fair: anyone enters a round code; the browser checks the commitment and the outcome. */
export function FairPage() {
  const { t } = useTranslation();
  const { code, setCode, result: check, error, submit } = useCodeCheck("code", checkRound);

  return (
    <main className="page fair">
      <h1>{t("fair.title")}</h1>
      <p>{t("fair.intro")}</p>
      <form className="card" onSubmit={submit} noValidate>
        <label className="field">
          <span>{t("rounds.gameCode")}</span>
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
          {["s1", "s2", "s3", "s3wheel", "s4"].map((step) => (
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
  const verdict = verdictOf(check);
  return (
    <section className="card fair-result" data-verdict={verdict}>
      <h2>{t(`fair.${verdict}`)}</h2>
      <dl className="fair-figures">
        <CodeFigure label={t("fair.roundId")} value={fairness.roundId} />
        <CodeFigure label={t("rounds.commitment")} value={fairness.commitment} />
        <CodeFigure label={t("fair.clientSeeds")} value={fairness.clientSeeds.join(" : ")} />
        <CodeFigure label={t("fair.serverSeed")} value={fairness.serverSeed ?? t("fair.hidden")} />
        <dt>{t("fair.outcome")}</dt>
        <dd>{fairness.outcome ?? "—"}</dd>
        <dt>{t("fair.recomputed")}</dt>
        <dd>{check.recomputed ?? "—"}</dd>
        {check.wheelStop && (
          <>
            <dt>{t("fair.wheelStop")}</dt>
            <dd>
              {check.wheelStop.recorded ?? "—"}° / {check.wheelStop.recomputed}°
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

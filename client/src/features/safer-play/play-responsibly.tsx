import {
  type LimitViewWire,
  type SaferPlayView,
  setLimitRequestSchema,
  type TakeBreakRequest,
} from "@igp/shared";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { useMoney } from "../../lib/site-config.tsx";
import {
  REALITY_CHECK_CHOICES,
  realityCheckMinutes,
  setRealityCheckMinutes,
} from "./reality-check-setting.ts";
import "./texts.ts";
import "./safer-play.css";
import { useAgeAndTermsChecks } from "./age-and-terms-checks.tsx";

const VIEW = "/api/user/safer-play";
const TIME_OUT_HOURS = [24, 48, 72, 168, 336, 1008];
const EXCLUSION_MONTHS = [6, 12, 24, 36, 60, null];

/** When, in the reader's language and clock. */
const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language === "am" ? "am-ET" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });

/** The profile's 'Play responsibly' tab: age, limits, time-out, self-exclusion, reality check. */
export default function PlayResponsibly() {
  const { t } = useTranslation();
  const message = useMessage();
  const [view, setView] = useState<SaferPlayView | null>(null);
  const [failure, setFailure] = useState("");
  const [saved, setSaved] = useState("");

  const run = useCallback(
    async (path: string, method: string, body?: unknown, done = "") => {
      setFailure("");
      setSaved("");
      try {
        setView(await api<SaferPlayView>(path, { method, body }));
        setSaved(done);
        return true;
      } catch (error) {
        setFailure(error instanceof ApiError ? message(error.message) : String(error));
        return false;
      }
    },
    [message],
  );
  useEffect(() => {
    void run(VIEW, "GET");
  }, [run]);

  if (!view) return <p>{failure || t("common.loading")}</p>;
  return (
    <section className="safer-play">
      <p>{t("saferPlay.intro")}</p>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <p role="status">{saved}</p>
      {!view.ageConfirmed && <AgeForm age={view.minimumAge} run={run} />}
      <BreakCard view={view} run={run} />
      <section className="card">
        <h2>{t("saferPlay.limits.title")}</h2>
        <p>{t("saferPlay.limits.windows")}</p>
        {view.limits.map((limit) => (
          <LimitRow key={limit.limit} limit={limit} run={run} />
        ))}
      </section>
      <RealityCheckCard />
    </section>
  );
}

type Run = (path: string, method: string, body?: unknown, done?: string) => Promise<boolean>;

function AgeForm({ age, run }: { age: number; run: Run }) {
  const { t } = useTranslation();
  const { answers, checks } = useAgeAndTermsChecks(age);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(`${VIEW}/age`, "POST", answers, t("saferPlay.age.done"));
  };
  return (
    <form className="card" onSubmit={submit}>
      <h2>{t("saferPlay.age.title")}</h2>
      <p>{t("saferPlay.age.text", { age })}</p>
      {checks}
      <button type="submit" className="button">
        {t("saferPlay.age.submit")}
      </button>
    </form>
  );
}

function LimitRow({ limit, run }: { limit: LimitViewWire; run: Run }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const message = useMessage();
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState("");
  const name = t(`saferPlay.limits.${limit.limit}`);
  const path = `${VIEW}/limits/${limit.limit}`;
  const save = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule and words, before anything is sent.
    const checked = setLimitRequestSchema.safeParse({ amount });
    setProblem(checked.success ? "" : message(checked.error.issues[0]!.message));
    if (!checked.success) return;
    void run(path, "PUT", { amount }, t("saferPlay.limits.saved")).then(
      (ok) => ok && setAmount(""),
    );
  };
  return (
    <form className="limit-row" onSubmit={save} aria-label={name}>
      <div>
        <strong>{name}</strong>:{" "}
        {limit.amount === null ? t("saferPlay.limits.none") : money(limit.amount)}
        {limit.used !== null && limit.amount !== null && (
          <span> · {t("saferPlay.limits.used", { amount: money(Math.max(0, limit.used)) })}</span>
        )}
        {limit.next && (
          <div className="limit-next">
            {limit.next.amount === null
              ? t("saferPlay.limits.nextRemoved", {
                  when: when(limit.next.appliesAt, i18n.language),
                })
              : t("saferPlay.limits.next", {
                  amount: money(limit.next.amount),
                  when: when(limit.next.appliesAt, i18n.language),
                })}
          </div>
        )}
      </div>
      <label>
        {t("saferPlay.limits.amount")}
        <input
          inputMode="decimal"
          value={amount}
          aria-invalid={Boolean(problem)}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      {problem && <p className="field-error">{problem}</p>}
      <button type="submit" className="button">
        {t("saferPlay.limits.save")}
      </button>
      {limit.amount !== null && (
        <button
          type="button"
          className="link-button"
          onClick={() => void run(path, "PUT", { amount: null }, t("saferPlay.limits.saved"))}
        >
          {t("saferPlay.limits.remove")}
        </button>
      )}
    </form>
  );
}

function BreakCard({ view, run }: { view: SaferPlayView; run: Run }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<"timeOut" | "selfExclusion">("timeOut");
  const [length, setLength] = useState("24");
  const [asking, setAsking] = useState(false);
  const taken = view.breakTaken;
  const choices = kind === "timeOut" ? TIME_OUT_HOURS : EXCLUSION_MONTHS;
  const label = (value: number | null) => {
    if (value === null) return t("saferPlay.break.permanent");
    if (kind === "selfExclusion")
      return value % 12 === 0 && value > 12
        ? t("saferPlay.break.years", { count: value / 12 })
        : t("saferPlay.break.months", { count: value });
    return value >= 168
      ? t("saferPlay.break.weeks", { count: value / 168 })
      : t("saferPlay.break.hours", { count: value });
  };
  const start = () => {
    const body: TakeBreakRequest =
      kind === "timeOut"
        ? { kind, hours: Number(length) }
        : { kind, months: length === "permanent" ? null : Number(length) };
    void run(`${VIEW}/break`, "POST", body).then(() => setAsking(false));
  };
  return (
    <section className="card">
      <h2>{t("saferPlay.break.title")}</h2>
      {taken && (
        <p className="break-active">
          {taken.until === null
            ? t("saferPlay.break.activePermanent")
            : t("saferPlay.break.active", { when: when(taken.until, i18n.language) })}
        </p>
      )}
      <label>
        {t("saferPlay.break.title")}
        <select
          value={kind}
          onChange={(e) => {
            const next = e.target.value as typeof kind;
            setKind(next);
            setLength(next === "timeOut" ? "24" : "6");
          }}
        >
          <option value="timeOut">{t("saferPlay.break.timeOut")}</option>
          <option value="selfExclusion">{t("saferPlay.break.selfExclusion")}</option>
        </select>
      </label>
      <label>
        {t("saferPlay.break.length")}
        <select value={length} onChange={(e) => setLength(e.target.value)}>
          {choices.map((value) => (
            <option key={String(value)} value={value === null ? "permanent" : String(value)}>
              {label(value)}
            </option>
          ))}
        </select>
      </label>
      <p>{t("saferPlay.break.warning")}</p>
      {asking ? (
        <p>
          <button type="button" className="button danger" onClick={start}>
            {t("saferPlay.break.sure")}
          </button>{" "}
          <button type="button" className="link-button" onClick={() => setAsking(false)}>
            {t("saferPlay.break.cancel")}
          </button>
        </p>
      ) : (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {t("saferPlay.break.take")}
        </button>
      )}
    </section>
  );
}

function RealityCheckCard() {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState(realityCheckMinutes);
  return (
    <section className="card">
      <h2>{t("saferPlay.reality.title")}</h2>
      <p>{t("saferPlay.reality.text")}</p>
      <label>
        {t("saferPlay.reality.every")}
        <select
          value={minutes}
          onChange={(e) => {
            setMinutes(Number(e.target.value));
            setRealityCheckMinutes(Number(e.target.value));
          }}
        >
          {REALITY_CHECK_CHOICES.map((value) => (
            <option key={value} value={value}>
              {value === 0
                ? t("saferPlay.reality.off")
                : t("saferPlay.reality.minutes", { count: value })}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

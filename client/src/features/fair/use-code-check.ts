import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";

/**
 * A code typed (or given in the address as `?{param}=`) and checked in the browser: the form's
 * state, the check's result, and 'not found' when the server knows no such code. `check` must
 * be a stable function (module level), or the address's code would be checked again and again.
 */
export function useCodeCheck<C>(param: string, check: (code: string) => Promise<C>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get(param) ?? "");
  const [result, setResult] = useState<C | null>(null);
  const [error, setError] = useState("");

  const run = useCallback(
    async (value: string) => {
      setError("");
      setResult(null);
      try {
        setResult(await check(value.trim().toUpperCase()));
      } catch {
        setError(t("rounds.notFound"));
      }
    },
    [t, check],
  );
  useEffect(() => {
    const initial = params.get(param);
    if (initial) void run(initial);
  }, [params, param, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t("rounds.enterCode"));
    setParams({ [param]: code.trim().toUpperCase() });
  };

  return { code, setCode, result, error, submit };
}

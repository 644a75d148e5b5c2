import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The two boxes every age question asks (the minimum age, and the terms), with the answers as
 * the server's age route takes them (`POST /api/user/safer-play/age`).
 */
export function useAgeAndTermsChecks(age: number): {
  answers: { ageConfirmed: boolean; termsAccepted: boolean };
  checks: ReactNode;
} {
  const { t } = useTranslation();
  const [ageConfirmed, setAge] = useState(false);
  const [termsAccepted, setTerms] = useState(false);
  return {
    answers: { ageConfirmed, termsAccepted },
    checks: (
      <>
        <Check checked={ageConfirmed} onChange={setAge}>
          {t("saferPlay.age.confirm", { age })}
        </Check>
        <Check checked={termsAccepted} onChange={setTerms}>
          {t("saferPlay.age.terms")}
        </Check>
      </>
    ),
  };
}

function Check(props: { checked: boolean; onChange(checked: boolean): void; children: ReactNode }) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />{" "}
      {props.children}
    </label>
  );
}

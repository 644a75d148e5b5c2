import { useTranslation } from "react-i18next";

/** The two boxes every age question asks: the minimum age, and the terms. */
export function AgeAndTermsChecks(props: {
  age: number;
  ageConfirmed: boolean;
  termsAccepted: boolean;
  onAge(checked: boolean): void;
  onTerms(checked: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={props.ageConfirmed}
          onChange={(e) => props.onAge(e.target.checked)}
        />{" "}
        {t("saferPlay.age.confirm", { age: props.age })}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={props.termsAccepted}
          onChange={(e) => props.onTerms(e.target.checked)}
        />{" "}
        {t("saferPlay.age.terms")}
      </label>
    </>
  );
}

import i18n from "i18next";
import { useCallback } from "react";
import { initReactI18next, useTranslation } from "react-i18next";
import am from "../locales/am.json";
import en from "../locales/en.json";

const LANGUAGE_KEY = "language";

/**
 * Two namespaces: `translation` for the interface, and `messages` keyed by the English text of the
 * specs' validation and server messages (shared zod schemas speak English), so those translate too.
 */
void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en.translation, messages: {} },
    am: { translation: am.translation, messages: am.messages },
  },
  lng: localStorage.getItem(LANGUAGE_KEY) ?? "en",
  fallbackLng: "en",
  ns: ["translation", "messages"],
  interpolation: { escapeValue: false },
});

export function setLanguage(language: "en" | "am") {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

/** Translates a spec or server message given in English (itself when no translation exists). */
export function useMessage() {
  const { t } = useTranslation("messages");
  return useCallback(
    (english: string) =>
      t(english, { keySeparator: false, nsSeparator: false, defaultValue: english }),
    [t],
  );
}

export default i18n;

import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";

const LANGUAGE_KEY = "language";
type Language = "en" | "am";

/**
 * Two namespaces: `translation` for the interface, and `messages` keyed by the English text of the
 * specs' validation and server messages (shared zod schemas speak English), so those translate too
 * (lib/messages.ts).
 */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en.translation, messages: {} } },
  lng: "en",
  fallbackLng: "en",
  ns: ["translation", "messages"],
  interpolation: { escapeValue: false },
});

/** The language chosen on this device, English until one is. */
export function storedLanguage(): Language {
  return typeof localStorage !== "undefined" && localStorage.getItem(LANGUAGE_KEY) === "am"
    ? "am"
    : "en";
}

/**
 * Switches the interface to `language`. Amharic is fetched the first time it is needed (most
 * first visits are in English: it stays out of their first download).
 */
export async function switchLanguage(language: Language) {
  // Asked of one of its own keys: a lazy screen may already have added its texts to the namespace.
  if (!i18n.getResource(language, "translation", "brand")) {
    const { default: am } = await import("../locales/am.json");
    i18n.addResourceBundle("am", "translation", am.translation);
    i18n.addResourceBundle("am", "messages", am.messages);
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  return switchLanguage(language);
}

/** A feature's texts in both languages, as its locale files hold them. */
interface FeatureTexts {
  translation: object;
  /** The server's sentences the feature shows, keyed by their English (lib/messages.ts). */
  messages: Record<string, string>;
}

/** Adds a lazily loaded feature's texts (its `translation` keys and `messages`) in both languages. */
export function addFeatureTexts(bundles: Record<Language, FeatureTexts>) {
  for (const [language, bundle] of Object.entries(bundles)) {
    i18n.addResourceBundle(language, "translation", bundle.translation, true, true);
    i18n.addResourceBundle(language, "messages", bundle.messages, true, true);
  }
}

export default i18n;

import i18n from "../../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/* The linked accounts' texts (`linked.*`) and server sentences (`messages`), loaded with them. */
for (const [language, bundle] of [
  ["en", en],
  ["am", am],
] as const) {
  i18n.addResourceBundle(language, "translation", bundle.translation, true, true);
  i18n.addResourceBundle(language, "messages", bundle.messages, true, true);
}

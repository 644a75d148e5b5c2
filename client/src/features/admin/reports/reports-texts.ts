import i18n from "../../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/* The reports' texts (`reports.*`, both languages), loaded with the reports' own chunk. */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

import i18n from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The fairness page's texts (`fair.*`) come with its chunk, not with every page's first
 * JavaScript. Importing this module adds them to the interface namespace in both languages.
 */
i18n.addResourceBundle("en", "translation", { fair: en }, true, true);
i18n.addResourceBundle("am", "translation", { fair: am }, true, true);

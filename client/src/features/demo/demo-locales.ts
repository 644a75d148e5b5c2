import i18n from "i18next";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The demos' texts (`demo.*`) come with the demo chunk, not with every page's first JavaScript.
 * Importing this module adds them to the interface namespace in both languages.
 */
i18n.addResourceBundle("en", "translation", { demo: en }, true, true);
i18n.addResourceBundle("am", "translation", { demo: am }, true, true);

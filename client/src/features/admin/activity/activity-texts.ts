import i18n from "../../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/* The activity log's texts (`activity.*`, both languages), loaded with its own chunk. */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

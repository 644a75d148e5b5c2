import i18n from "../../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/* The ledger explorer's and the auditors' texts (`ledger.*`, `auditors.*`), loaded with their chunks. */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

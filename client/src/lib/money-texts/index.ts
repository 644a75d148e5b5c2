import i18n from "../i18n.ts";
import am from "./am.json";
import en from "./en.json";

/*
 * The texts of money moving (`money.*` in both languages: withdrawals by method, approving a
 * bank withdrawal, money notices, the dashboard's revenue) come with the screens that show them,
 * not with every page's first JavaScript. Importing this module adds them to the interface
 * namespace.
 */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

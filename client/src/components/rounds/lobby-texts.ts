import i18n from "../../lib/i18n.ts";
import am from "./locales/lobby-am.json";
import en from "./locales/lobby-en.json";

/*
 * The lobby's and the tables' own texts (`lobby.*`, in both languages: what a round wins, when it
 * closes, the call to start one), with those screens' chunks. Importing this module adds them to
 * the interface namespace.
 */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

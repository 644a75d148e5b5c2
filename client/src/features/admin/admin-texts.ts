import i18n from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The back office's own texts (`admin.*`, in both languages), with the back office's chunks and
 * never in the players' first download. Importing this module adds them to the interface
 * namespace.
 */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

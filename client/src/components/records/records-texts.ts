import i18n from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The labels the player's lists add to their tables' headers (`records.*`, in both languages),
 * with the screens that show those lists, not with every page's first JavaScript. Importing this
 * module adds them to the interface namespace.
 */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

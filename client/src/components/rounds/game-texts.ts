import "../../features/safer-play/texts.ts";
import i18n from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The coin flip and spin wheel screens' own texts (`coinFlip.*`, `spinWheel.*`, in both
 * languages) come with the game screens and the demos, not with every page's first JavaScript.
 * Importing this module adds them to the interface namespace.
 */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

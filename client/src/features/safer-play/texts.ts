import { addFeatureTexts } from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The texts of 'Play responsibly' (`saferPlay.*`) and the server's safer-play sentences in
 * Amharic (`messages`, keyed by their English), added by the lazy screens that show them:
 * the profile, registration, the games and the deposit dialog, never the first page.
 */
addFeatureTexts({ en, am });

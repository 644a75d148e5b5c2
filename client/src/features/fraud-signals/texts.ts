import { addFeatureTexts } from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The fraud signals' texts (`fraudSignals.*`) and the server's refusals about them in Amharic
 * (`messages`, keyed by their English), added with the back office's request screens.
 */
addFeatureTexts({ en, am });

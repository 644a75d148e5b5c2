import { addFeatureTexts } from "../../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/* The linked accounts' texts (`linked.*`) and server sentences (`messages`), loaded with them. */
addFeatureTexts({ en, am });

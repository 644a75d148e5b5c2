import "../safer-play/texts.ts";
import "../../components/records/records-texts.ts";
import i18n from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The lottery card's own texts (`lotteryCard.*`, in both languages: the prizes, the time left,
 * tickets sold, the fairness proof), with the lottery screens' chunk. Importing this module adds
 * them (and the lists' labels, `records.*`, for the places) to the interface namespace.
 */
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

import i18n from "../../lib/i18n.ts";
import am from "./locales/am.json";
import en from "./locales/en.json";

/*
 * The Mini App's texts (`telegram.*`) and the server's Mini App refusals in Amharic come with its
 * chunk, loaded only inside Telegram.
 */
i18n.addResourceBundle("en", "translation", { telegram: en }, true, true);
i18n.addResourceBundle("am", "translation", { telegram: am }, true, true);
i18n.addResourceBundle(
  "am",
  "messages",
  {
    "Invalid Telegram sign-in. Please reopen the game from Telegram.":
      "ልክ ያልሆነ የቴሌግራም መግቢያ። እባክዎ ጨዋታውን ከቴሌግራም እንደገና ይክፈቱ።",
    "This Telegram sign-in has expired. Please close the game and open it again from Telegram.":
      "ይህ የቴሌግራም መግቢያ ጊዜው አልፎበታል። እባክዎ ጨዋታውን ዘግተው ከቴሌግራም እንደገና ይክፈቱ።",
    "This Telegram sign-in was already used. Please close the game and open it again from Telegram.":
      "ይህ የቴሌግራም መግቢያ ቀድሞ ጥቅም ላይ ውሏል። እባክዎ ጨዋታውን ዘግተው ከቴሌግራም እንደገና ይክፈቱ።",
    "This Telegram account is linked to another player. Sign out first, or open the game from the Telegram account linked to yours.":
      "ይህ የቴሌግራም መለያ ከሌላ ተጫዋች ጋር ተገናኝቷል። መጀመሪያ ይውጡ፣ ወይም ከእርስዎ ጋር ከተገናኘው የቴሌግራም መለያ ጨዋታውን ይክፈቱ።",
    "Staff accounts cannot be linked to Telegram. Sign out to play with your Telegram account.":
      "የሰራተኛ መለያዎች ከቴሌግራም ጋር ሊገናኙ አይችሉም። በቴሌግራም መለያዎ ለመጫወት ይውጡ።",
    "Your account is linked to another Telegram account. Open the game from that Telegram account.":
      "መለያዎ ከሌላ የቴሌግራም መለያ ጋር ተገናኝቷል። ጨዋታውን ከዚያ የቴሌግራም መለያ ይክፈቱ።",
  },
  true,
  true,
);

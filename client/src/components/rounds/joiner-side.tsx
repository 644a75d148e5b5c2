import { type CoinSide, oppositeSide } from "@igp/shared";
import { useTranslation } from "react-i18next";

export const isCoinSide = (side: string): side is CoinSide => side === "H" || side === "T";

/** A listed coin flip says the side whoever joins it plays (the creator's opposite). */
export function JoinerSide({ creatorSide }: { creatorSide: CoinSide }) {
  const { t } = useTranslation();
  const side = oppositeSide(creatorSide);
  return (
    <span data-side={side}>
      {t("coinFlip.youWouldPlay", { side: t(side === "H" ? "coinFlip.heads" : "coinFlip.tails") })}
    </span>
  );
}

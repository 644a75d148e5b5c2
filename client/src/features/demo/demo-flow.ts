import { minorToMajor } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../components/ui/notice.tsx";
import type { FlowWallet } from "../../lib/rounds/use-game-flow.ts";
import type { Refusal } from "./demo-rules.ts";

/** A demo action the rules refused; its `refusal` names the spec's message. */
export class DemoRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal);
  }
}

/** Shows a refusal as the spec's message (the title) with what to do about it. */
export function useRefusalNotice() {
  const { t } = useTranslation();
  const notify = useNotice();
  return (refusal: Refusal) => {
    console.info(`demo refused: ${refusal}`);
    notify({
      type: "warning",
      title: t(`demo.refusals.${refusal}`),
      message: t(`demo.refusalMessages.${refusal}`),
    });
  };
}

/**
 * The demos' wallet for the shared game flow: play money, which the demo screens show themselves
 * (nothing to hold back: a demo's stake is taken at the lock and its win paid at the landing).
 */
export const DEMO_WALLET: FlowWallet = {
  // The demo store re-renders its readers on every change: nothing to fetch.
  refresh: () => {},
};

/** The flow's verdict for a demo round: won when it pays, the payout in major units. */
export const demoVerdict = (round: { payout: number } | null) =>
  round ? { won: round.payout > 0, payout: minorToMajor(round.payout) } : null;

import { SignedInOnly } from "../../components/signed-in-only.tsx";
import { RealityCheck } from "../safer-play/reality-check.tsx";
import { LotteryListPage } from "./lottery-list-page.tsx";
import { LotteryResultPage } from "./lottery-result-page.tsx";
import { MyTicketsPage } from "./my-tickets-page.tsx";
import "./lottery.css";

/**
 * The lottery screens (a lazy chunk). The list and a lottery's page (its drawing, live or
 * replayed) are open to visitors; buying asks to sign in.
 */
export default function LotteryScreens({ screen }: { screen: "list" | "result" | "tickets" }) {
  return (
    <main className="page lottery">
      {screen === "list" && <LotteryListPage />}
      <RealityCheck />
      {screen === "result" && <LotteryResultPage />}
      {screen === "tickets" && (
        <SignedInOnly>
          <MyTicketsPage />
        </SignedInOnly>
      )}
    </main>
  );
}

import { lazy, Suspense } from "react";
import { SignedInOnly } from "../../components/signed-in-only.tsx";
import { RealityCheck } from "../safer-play/reality-check.tsx";
import { LotteryListPage } from "./lottery-list-page.tsx";
import { LotteryResultPage } from "./lottery-result-page.tsx";
import "./lottery.css";

/**
 * A chunk of its own (its page preloads it, src/prerender.tsx): it brings TanStack Query, which
 * the list and a lottery's page (its drawing) would otherwise download first.
 */
const MyTicketsPage = lazy(() =>
  import("./my-tickets-page.tsx").then((module) => ({ default: module.MyTicketsPage })),
);

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
          <Suspense fallback={null}>
            <MyTicketsPage />
          </Suspense>
        </SignedInOnly>
      )}
    </main>
  );
}

import { RoundGamePage } from "../../components/rounds/round-game-page.tsx";
import { CreateView } from "./create-view.tsx";
import { RoundView } from "./round-view.tsx";

/** /play/instant/coin-flip/{id}: a table (its open round, or the create view) or a round code. */
export function CoinFlipGamePage() {
  return (
    <RoundGamePage
      game="coin-flip"
      create={(table) => <CreateView table={table} />}
      round={(code) => <RoundView key={code} code={code} />}
    />
  );
}

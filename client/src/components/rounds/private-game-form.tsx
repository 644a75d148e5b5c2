import type { RoundGameType } from "@igp/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useSession } from "../../lib/session.tsx";
import { GameFigures } from "./game-figures.tsx";

/**
 * /create/private/{game}: any valid bet and the game's choice; once created, the round's screen
 * (with its code to share) replaces this one. The game checks its choice and makes the call.
 */
export function PrivateGameForm({
  game,
  lobbyLabel,
  missingChoice,
  create,
  myBet,
  children,
}: {
  game: RoundGameType;
  lobbyLabel: string;
  /** The spec's message when the choice is missing, or null when there is one. */
  missingChoice: string | null;
  create: (betAmount: number) => Promise<{ gameCode: string }>;
  /** Spin wheel's fourth figure for a bet per number. */
  myBet?: (betAmount: number) => number;
  children: (busy: boolean, clearError: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [bet, setBet] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const amount = Number(bet);
  const shownBet = Math.max(0, amount || 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!bet || !(amount > 0)) return setError(t("rounds.invalidBet"));
    if (missingChoice) return setError(missingChoice);
    setBusy(true);
    try {
      const { gameCode } = await create(amount);
      void refresh();
      navigate(`/play/instant/${game}/${gameCode}`, { replace: true });
    } catch (failure) {
      setBusy(false);
      setError(`${t("rounds.createFailed")} ${(failure as Error).message}`);
    }
  };

  return (
    <form className="card round-view" onSubmit={submit} noValidate>
      <Link to={`/play/instant/${game}/lobby`}>← {lobbyLabel}</Link>
      <h1>{t("rounds.createPrivate")}</h1>
      <GameFigures
        betAmount={shownBet}
        betLabel={myBet ? t("rounds.baseBet") : undefined}
        myBet={myBet?.(shownBet)}
        deadline={null}
      />
      <label className="field">
        <span>{t("rounds.betAmount")}</span>
        <input
          type="number"
          inputMode="decimal"
          min="1"
          step="0.01"
          value={bet}
          onChange={(event) => {
            setBet(event.target.value);
            setError("");
          }}
        />
      </label>
      {children(busy, () => setError(""))}
      {error && <p className="text-danger">{error}</p>}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("rounds.gameCreated") : t("rounds.createGame")}
      </button>
    </form>
  );
}

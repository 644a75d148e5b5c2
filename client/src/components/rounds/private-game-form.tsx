import { minorToMajor, type RoundGameType } from "@igp/shared";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ApiError } from "../../lib/api-client.ts";
import { lazySchemas } from "../../lib/lazy-schemas.ts";
import { useMessage } from "../../lib/messages.ts";
import { useSession } from "../../lib/session.tsx";
import { GameFigures } from "./game-figures.tsx";
import { PrivateGameHeading } from "./round-frame.tsx";

/** The bet's check, loaded after the form has painted (zod: lib/lazy-schemas.ts). */
const privateGameChecks = lazySchemas(() => import("./private-game-checks.ts"));

/**
 * /create/private/{game}: a bet the server accepts (the shared schema's: at least 1) and the
 * game's choice; once created, the round's screen (with its code to share) replaces this one.
 * The game checks its choice and makes the call.
 */
export function PrivateGameForm({
  game,
  missingChoice,
  create,
  myBet,
  children,
}: {
  game: RoundGameType;
  /** The spec's message when the choice is missing, or null when there is one. */
  missingChoice: string | null;
  create: (betAmount: number) => Promise<{ gameCode: string }>;
  /** Spin wheel's fourth figure for a bet per number. */
  myBet?: (betAmount: number) => number;
  children: (busy: boolean, clearError: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [bet, setBet] = useState("");
  // The bet's message stands at the bet; the choice's and the server's above the button.
  const [betError, setBetError] = useState("");
  const [error, setError] = useState("");
  const betId = useId();
  const [busy, setBusy] = useState(false);
  // One submit at a time, from the press on: the check may still be downloading (a state would
  // not disable the button before a second press), and each create stakes the bet.
  const submitting = useRef(false);
  // What the figures show while the bet is typed: nothing for what is not a bet yet.
  const typed = Number(bet);
  const shownBet = Number.isFinite(typed) && typed > 0 ? typed : 0;

  useEffect(() => void privateGameChecks().catch(() => {}), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await createRound();
    } finally {
      submitting.current = false;
    }
  };

  /** Checks the bet and the choice, then creates the round (the button stays busy once it is). */
  const createRound = async () => {
    const checks = await privateGameChecks().catch(() => null);
    // Offline before the check could load: nothing was sent, and the bet stays for another try.
    if (!checks) return setError(t("forms.networkFailed"));
    const betAmount = checks.betAmountField.safeParse(bet);
    if (!betAmount.success) return setBetError(message(betAmount.error.issues[0]!.message));
    if (missingChoice) return setError(missingChoice);
    setBusy(true);
    try {
      const { gameCode } = await create(minorToMajor(betAmount.data));
      void refresh();
      navigate(`/play/instant/${game}/${gameCode}`, { replace: true });
    } catch (failure) {
      setBusy(false);
      const reason = failure instanceof ApiError ? message(failure.message) : "";
      setError(`${t("rounds.createFailed")} ${reason}`.trim());
    }
  };

  return (
    <form className="card round-view" onSubmit={submit} noValidate>
      <PrivateGameHeading game={game} />
      <GameFigures
        betAmount={shownBet}
        betLabel={myBet ? t("rounds.baseBet") : undefined}
        myBet={myBet?.(shownBet)}
        deadline={null}
      />
      <div className="field">
        <label htmlFor={betId}>{t("rounds.betAmount")}</label>
        <input
          id={betId}
          type="number"
          inputMode="decimal"
          min="1"
          step="0.01"
          value={bet}
          aria-invalid={Boolean(betError)}
          aria-describedby={betError ? `${betId}-error` : undefined}
          onChange={(event) => {
            setBet(event.target.value);
            setBetError("");
            setError("");
          }}
        />
        {betError && (
          <p id={`${betId}-error`} className="field-error">
            {betError}
          </p>
        )}
      </div>
      {children(busy, () => setError(""))}
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("rounds.gameCreated") : t("rounds.createGame")}
      </button>
    </form>
  );
}

import type { CoinSide } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useSession } from "../../lib/session.tsx";
import { createPrivate } from "./coin-flip-api.ts";
import { GameFigures } from "./game-figures.tsx";
import { SidePicker } from "./side-picker.tsx";

/** /create/private/coin-flip: any valid bet and a side; the round's code is then shared. */
export function CreatePrivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [bet, setBet] = useState("");
  const [side, setSide] = useState<CoinSide | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const amount = Number(bet);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!bet || !(amount > 0)) return setError(t("coinFlip.invalidBet"));
    if (!side) return setError(t("coinFlip.pickHeadsOrTails"));
    setBusy(true);
    try {
      const { gameCode } = await createPrivate(amount, side);
      void refresh();
      navigate(`/play/instant/coin-flip/${gameCode}`, { replace: true });
    } catch (failure) {
      setBusy(false);
      setError(`${t("coinFlip.createFailed")} ${(failure as Error).message}`);
    }
  };

  return (
    <form className="card round-view" onSubmit={create} noValidate>
      <Link to="/play/instant/coin-flip/lobby">← {t("coinFlip.backToLobby")}</Link>
      <h2>{t("coinFlip.createPrivate")}</h2>
      <GameFigures betAmount={Math.max(0, amount || 0)} deadline={null} />
      <label className="field">
        <span>{t("coinFlip.betAmount")}</span>
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
      <SidePicker
        label={t("coinFlip.pickSide")}
        value={side}
        onChange={(picked) => {
          setSide(picked);
          setError("");
        }}
        disabled={busy}
      />
      {error && <p className="text-danger">{error}</p>}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("coinFlip.gameCreated") : t("coinFlip.createGame")}
      </button>
    </form>
  );
}

import { type CoinFlipGame, type CoinSide, oppositeSide } from "@igp/shared";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { useSession } from "../../lib/session.tsx";
import { fetchGame, joinGame } from "./coin-flip-api.ts";
import { CopyCode } from "./copy-code.tsx";
import { GameFigures } from "./game-figures.tsx";
import { ResultOverlay } from "./result-overlay.tsx";
import { SidePicker } from "./side-picker.tsx";
import { useRoundRoom } from "./use-round-room.ts";

type Loaded =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "game"; game: CoinFlipGame };

/**
 * A round by code: the creator's read-only waiting view, or the joiner's view (a non-creator
 * opening a waiting round joins it at once). Live state comes from the round's room; the result
 * overlay opens on the `coin` message.
 */
export function RoundView({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotice();
  const { user, refresh } = useSession();
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const live = useRoundRoom(loaded.kind === "game" ? code : null);
  const joinAsked = useRef(false);

  useEffect(() => {
    fetchGame(code).then(
      (game) => setLoaded({ kind: "game", game }),
      () => setLoaded({ kind: "failed", message: t("coinFlip.notFound") }),
    );
  }, [code, t]);

  const game = loaded.kind === "game" ? loaded.game : null;
  const players =
    live.state?.players.map((p) => ({ player: p.player, selectedSide: p.side })) ??
    game?.playerWithChoice ??
    [];
  const status = live.state?.status ?? game?.status;
  const isCreator = game?.createdBy === user?.userId;
  const mine = players.find((p) => p.player === user?.userId)?.selectedSide ?? null;

  // A non-creator opening a waiting round asks to join it; a full round sends others away.
  useEffect(() => {
    if (!game || !user || isCreator || mine || joinAsked.current) return;
    if (status === "player-joined" || status === "finished") {
      navigate("/play/instant/coin-flip", { replace: true });
      return;
    }
    if (status !== "waiting") return;
    joinAsked.current = true;
    joinGame(code).then(
      () => void refresh(),
      (error: Error) =>
        notify({
          type: "danger",
          title: t("coinFlip.error"),
          message: error.message || t("coinFlip.internalError"),
        }),
    );
  }, [game, user, isCreator, mine, status, code, navigate, notify, refresh, t]);

  useEffect(() => {
    if (live.state?.phase === "starting")
      notify({
        type: "info",
        title: t("coinFlip.startsSoon"),
        message: t("coinFlip.startsSoonMessage"),
        autoCloseMs: 2000,
      });
  }, [live.state?.phase, notify, t]);

  if (loaded.kind === "loading") return <p>{t("coinFlip.loadingGame")}</p>;
  if (loaded.kind === "failed" || !game)
    return (
      <div className="card">
        <p className="text-danger">
          {loaded.kind === "failed" ? loaded.message : t("coinFlip.unableToLoad")}
        </p>
        <Link to="/play/instant/coin-flip/lobby">{t("coinFlip.backToLobby")}</Link>
      </div>
    );

  const deadline = live.state?.deadline || Date.parse(game.deadline);
  const opponent: CoinSide | null = mine ? oppositeSide(mine) : (players[0]?.selectedSide ?? null);
  return (
    <section className="card round-view" data-status={status}>
      <h2>{t("games.coinFlip")}</h2>
      <CopyCode code={game.code} />
      <GameFigures betAmount={game.betAmount} deadline={status === "waiting" ? deadline : null} />
      <p className="round-status">{t(`coinFlip.status.${status ?? "waiting"}`)}</p>
      {isCreator ? (
        <SidePicker label={t("coinFlip.yourSelection")} value={mine} disabled />
      ) : (
        <div className="joiner-panels">
          <SidePicker label={t("coinFlip.yourSelection")} value={mine} disabled />
          <SidePicker label={t("coinFlip.opponentSelection")} value={opponent} disabled />
        </div>
      )}
      <p className="hint">
        {t("coinFlip.commitment")}: <code className="commitment">{game.fairness.commitment}</code>
      </p>
      {status === "finished" && !live.coin && (
        <p>
          {t("coinFlip.outcome")}: <strong>{live.state?.outcome || game.fairness.outcome}</strong> ·{" "}
          <Link to={`/fair?code=${game.code}`}>{t("coinFlip.verify")}</Link>
        </p>
      )}
      {live.coin && <ResultOverlay result={live.coin} mySide={mine} />}
    </section>
  );
}

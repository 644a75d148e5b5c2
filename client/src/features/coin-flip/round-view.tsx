import { type CoinFlipGame, type CoinSide, oppositeSide } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { usePreloadPixi } from "../../components/canvas/pixi-stage.ts";
import { CoinPicture } from "../../components/coin/coin-picture.tsx";
import { CopyCode } from "../../components/rounds/copy-code.tsx";
import { countdownTo } from "../../components/rounds/countdown.tsx";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { JoinConfirmation } from "../../components/rounds/join-confirmation.tsx";
import { RoundFailure } from "../../components/rounds/round-failure.tsx";
import { lobbyOf, RoundFrame, RoundLead } from "../../components/rounds/round-frame.tsx";
import { CommitmentHint, RoundOutcome } from "../../components/rounds/round-outcome.tsx";
import { RoundStage } from "../../components/rounds/round-stage.tsx";
import { SidePicker } from "../../components/rounds/side-picker.tsx";
import { ConnectionNotice } from "../../components/ui/connection-notice.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { playSound } from "../../lib/rounds/sounds.ts";
import { useGameFlow } from "../../lib/rounds/use-game-flow.ts";
import { useLoadedRound } from "../../lib/rounds/use-loaded-round.ts";
import { type RoundStateBase, useRoundRoom } from "../../lib/rounds/use-round-room.ts";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { gamePath, joinGame } from "./coin-flip-api.ts";
import { coinFlow } from "./coin-flow.ts";
import { CoinResult } from "./coin-result.tsx";
import "./coin-flip.css";

/** The coin flip room's state (docs/realtime.md). */
interface CoinFlipState extends RoundStateBase {
  players: { player: string; side: CoinSide }[];
  outcome: string;
}

const LOBBY = lobbyOf("coin-flip").path;

/**
 * A round by code: loads it, sends a non-player away from a round that is already full, and shows
 * the rest through the shared flow.
 */
export function RoundView({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const loaded = useLoadedRound<CoinFlipGame>(code, gamePath);

  const game = loaded.kind === "game" ? loaded.game : null;
  const isPlayer = game?.playerWithChoice.some((p) => p.player === user?.userId) ?? false;
  const full = game && !isPlayer && game.createdBy !== user?.userId && game.status !== "waiting";
  useEffect(() => {
    if (full) navigate("/play/instant/coin-flip", { replace: true });
  }, [full, navigate]);

  if (loaded.kind === "loading") return <RoundFrame game="coin-flip" />;
  if (loaded.kind === "failed") return <RoundFailure game="coin-flip" />;
  if (!game || !user || full)
    return <RoundFailure message={t("rounds.unableToLoad")} game="coin-flip" />;
  return <CoinRound game={game} userId={user.userId} />;
}

/**
 * The creator's read-only waiting view, or the joiner's view: a non-creator opening a waiting
 * round is asked to join it (the stake and the side they get, the other one); the result overlay
 * opens on the `coin` message, and a finished round says whether the player won.
 */
function CoinRound({ game, userId }: { game: CoinFlipGame; userId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const notify = useNotice();
  // A round that is over has no room to join (it may be gone): its page reads the API alone.
  const over = game.status === "finished" || game.status === "expired";
  const live = useRoundRoom<CoinFlipState, "coin">(over ? null : game.code, "coin");
  const isCreator = game.createdBy === userId;
  const sideAtLoad = game.playerWithChoice.find((p) => p.player === userId)?.selectedSide;
  const joins = !isCreator && !sideAtLoad && game.status === "waiting";
  const creatorSide = game.playerWithChoice[0]?.selectedSide;
  const joinSide = joins && creatorSide ? oppositeSide(creatorSide) : null;
  const [asking, setAsking] = useState(joins);
  const [overlayClosed, setOverlayClosed] = useState(false);

  const { snapshot, send } = useGameFlow({
    machine: coinFlow,
    entry: joins ? "selecting" : "countdown",
    choice: joinSide ?? sideAtLoad ?? null,
    roundId: game.fairness.roundId,
    room: live,
    lock: () => joinGame(game.code),
    onLockFailed: (error) =>
      notify({
        type: "danger",
        title: t("rounds.error"),
        message: error.message || t("rounds.internalError"),
      }),
    onAnimationStart: () => playSound("coin"),
    verdict: ({ result, choice }) =>
      result && choice ? { won: result.coin === choice, payout: result.payout } : null,
  });

  const players =
    live.state?.players.map((p) => ({ player: p.player, selectedSide: p.side })) ??
    game.playerWithChoice;
  const status = live.state?.status ?? game.status;
  const mine = players.find((p) => p.player === userId)?.selectedSide ?? null;
  const opponent: CoinSide | null = mine ? oppositeSide(mine) : (players[0]?.selectedSide ?? null);
  const result = snapshot.context.result;
  const landed = snapshot.matches("result");
  const outcome = (result?.coin ?? live.state?.outcome) || game.fairness.outcome;
  const terms =
    joinSide &&
    t("coinFlip.joinTerms", {
      amount: money(game.betAmount),
      side: t(joinSide === "H" ? "coinFlip.heads" : "coinFlip.tails"),
    });
  const sideName = (side: CoinSide) => t(side === "H" ? "coinFlip.heads" : "coinFlip.tails");
  const mySeat = mine ?? (joinSide && snapshot.matches("selecting") ? joinSide : null);
  const otherSide = mySeat ? oppositeSide(mySeat) : (players[0]?.selectedSide ?? null);
  const otherJoined = players.some((p) => p.player !== userId);
  // Locked in: the result's picture will be drawn, whatever the network does by then.
  usePreloadPixi(!snapshot.matches("selecting"));
  return (
    <section className="card round-view" data-status={status} data-flow={String(snapshot.value)}>
      <h1>{t("games.coinFlip")}</h1>
      <RoundLead game="coin-flip" />
      <CopyCode code={game.code} />
      <ConnectionNotice
        connection={live.connection}
        roundOpen={status === "waiting" || status === "player-joined"}
      />
      <RoundStage
        picture={<CoinPicture face={mySeat ?? otherSide ?? "H"} />}
        seats={[
          {
            key: "me",
            who: t("stage.you"),
            holds: mySeat ? sideName(mySeat) : undefined,
            mine: true,
          },
          {
            key: "opponent",
            who: otherJoined ? t("stage.opponent") : t("stage.waiting"),
            holds: otherJoined && otherSide ? sideName(otherSide) : undefined,
          },
        ]}
        pot={players.length * game.betAmount}
      />
      <GameFigures
        betAmount={game.betAmount}
        deadline={countdownTo(
          status,
          live.state?.deadline || Date.parse(game.deadline),
          live.state?.startsAt,
        )}
      />
      <p className="round-status">{t(`coinFlip.status.${status}`)}</p>
      {isCreator ? (
        <SidePicker label={t("coinFlip.yourSelection")} value={mine} disabled />
      ) : (
        <div className="joiner-panels">
          <SidePicker label={t("coinFlip.yourSelection")} value={mine} disabled />
          <SidePicker label={t("coinFlip.opponentSelection")} value={opponent} disabled />
        </div>
      )}
      {terms && snapshot.matches("selecting") && (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {terms}
        </button>
      )}
      <CommitmentHint commitment={game.fairness.commitment} />
      {status === "finished" && (snapshot.matches("countdown") || landed) && outcome && (
        <RoundOutcome code={game.code} outcome={outcome} won={mine ? mine === outcome : null} />
      )}
      {result && !overlayClosed && (
        <CoinResult
          result={result}
          mySide={mine ?? snapshot.context.choice}
          onLanded={() => send({ type: "LANDED" })}
          onClose={landed ? () => setOverlayClosed(true) : undefined}
        />
      )}
      {asking && terms && snapshot.matches("selecting") && (
        <JoinConfirmation
          terms={terms}
          onJoin={() => {
            setAsking(false);
            send({ type: "LOCK" });
          }}
          onCancel={() => navigate(LOBBY)}
        />
      )}
    </section>
  );
}

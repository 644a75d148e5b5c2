import type { SpinMessage, SpinWheelGame } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePreloadPixi } from "../../components/canvas/pixi-stage.ts";
import { CopyCode } from "../../components/rounds/copy-code.tsx";
import { countdownTo } from "../../components/rounds/countdown.tsx";
import { GameFigures } from "../../components/rounds/game-figures.tsx";
import { JoinConfirmation } from "../../components/rounds/join-confirmation.tsx";
import { NumberGrid } from "../../components/rounds/number-grid.tsx";
import { RoundFailure } from "../../components/rounds/round-failure.tsx";
import { RoundFrame, RoundLead } from "../../components/rounds/round-frame.tsx";
import { CommitmentHint, RoundOutcome } from "../../components/rounds/round-outcome.tsx";
import { RoundStage } from "../../components/rounds/round-stage.tsx";
import { ConnectionNotice } from "../../components/ui/connection-notice.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { WheelPlaceholder } from "../../components/wheel/wheel-placeholder.tsx";
import { useMessage } from "../../lib/messages.ts";
import { useGameFlow } from "../../lib/rounds/use-game-flow.ts";
import { useLoadedRound } from "../../lib/rounds/use-loaded-round.ts";
import { type RoundStateBase, useRoundRoom } from "../../lib/rounds/use-round-room.ts";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { hasNumbers, spinFlow } from "./spin-flow.ts";
import { SpinResult } from "./spin-result.tsx";
import { gamePath, joinGame } from "./spin-wheel-api.ts";
import "./spin-wheel.css";

/** The spin wheel room's state (docs/realtime.md). */
interface SpinWheelState extends RoundStateBase {
  picks: Record<string, { number: number; player: string; locked: boolean }>;
  players: { player: string; numbers: number[] }[];
  winnerValue: number;
}

/** The wheel at rest on the round's screen, in CSS pixels. */
const STAGE_SIZE = 240;
/** The join view only loads a round still open to players (player spec). */
const OPEN = ["waiting", "player-joined"];

/** The numbers a player locked in a settled round (none for someone who only watched). */
const numbersIn = (result: SpinMessage, userId: string) =>
  result.gameInfo.playerWithChoice.find((p) => p.player === userId)?.selectedNumbers ?? [];

/** The numbers, ascending, whose holder passes the test. */
const numbersWhere = (
  held: { number: number; player: string }[],
  test: (player: string) => boolean,
) =>
  held
    .filter((p) => test(p.player))
    .map((p) => p.number)
    .sort((a, b) => a - b);

/** A round by code: loads it and shows the creator's or the joiner's view through the flow. */
export function RoundView({ code }: { code: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const loaded = useLoadedRound<SpinWheelGame>(code, gamePath);

  if (loaded.kind === "loading") return <RoundFrame game="spin-wheel" />;
  if (loaded.kind === "failed") return <RoundFailure game="spin-wheel" />;
  const { game } = loaded;
  const isPlayer = game.playerWithChoice.some((p) => p.player === user?.userId);
  if (!user || (!isPlayer && !OPEN.includes(game.status)))
    return <RoundFailure message={t("rounds.unableToLoad")} game="spin-wheel" />;
  return <SpinRound game={game} userId={user.userId} />;
}

/**
 * The creator's view ('Your Lucky Number', read-only) or the join view ('Select Your Lucky
 * Number': picks go to the room live, others' are blocked, 'Lock Number' pays and freezes them).
 * The result overlay opens on the `spin` message.
 */
function SpinRound({ game, userId }: { game: SpinWheelGame; userId: string }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const message = useMessage();
  const money = useMoney();
  // A round that is over has no room to join (it may be gone): its page reads the API alone.
  const over = game.status === "finished" || game.status === "expired";
  const live = useRoundRoom<SpinWheelState, "spin">(over ? null : game.code, "spin", (refusal) =>
    notify({ type: "warning", title: message(refusal), autoCloseMs: 3000 }),
  );
  const isCreator = game.createdBy === userId;
  const lockedAtLoad = game.playerWithChoice.find((p) => p.player === userId)?.selectedNumbers;

  const [asking, setAsking] = useState(false);
  const [overlayClosed, setOverlayClosed] = useState(false);
  const { snapshot, send } = useGameFlow({
    machine: spinFlow,
    entry: lockedAtLoad ? "countdown" : "selecting",
    choice: lockedAtLoad ?? [],
    roundId: game.fairness.roundId,
    room: live,
    hasChoice: hasNumbers,
    lock: (numbers) => joinGame(game.code, numbers),
    onNothingChosen: () =>
      notify({
        type: "warning",
        title: t("spinWheel.joinNoNumberTitle"),
        message: t("spinWheel.joinNoNumberMessage"),
      }),
    onLockFailed: (error) =>
      notify({
        type: "danger",
        title: t("spinWheel.joinErrorTitle"),
        message: error.message ? message(error.message) : t("spinWheel.internalError"),
      }),
    verdict: ({ result }) =>
      result && numbersIn(result, userId).length > 0
        ? { won: result.winner === userId, payout: result.payout }
        : null,
  });

  // Live: every number picked or held, from the room; before it connects, the locked ones.
  const held = live.state
    ? Object.values(live.state.picks)
    : game.playerWithChoice.flatMap((p) =>
        p.selectedNumbers.map((number) => ({ number, player: p.player })),
      );
  const myPicks = numbersWhere(held, (player) => player === userId);
  const occupied = numbersWhere(held, (player) => player !== userId);
  const selecting = snapshot.matches("selecting");
  const locked =
    !selecting && !snapshot.matches("locking") ? (snapshot.context.choice ?? []) : null;
  const mine = locked ?? myPicks;

  // The room holds the picks: the flow's choice follows it (a refused pick never shows as mine).
  const connected = live.state !== null;
  const myPicksKey = myPicks.join(",");
  useEffect(() => {
    if (selecting && connected)
      send({ type: "PICK", choice: myPicksKey ? myPicksKey.split(",").map(Number) : [] });
  }, [selecting, connected, myPicksKey, send]);

  const status = live.state?.status ?? game.status;
  const deadline = live.state?.deadline || Date.parse(game.deadline);
  const result = snapshot.context.result;
  const landed = snapshot.matches("result");
  const winning =
    result?.gameResult.winnerValue || live.state?.winnerValue || game.fairness.outcome;
  const terms = t("spinWheel.joinTerms", {
    numbers: myPicks.join(", "),
    amount: money(myPicks.length * game.betAmount),
  });
  // Locking with nothing picked goes straight to the flow's warning; otherwise ask first.
  const lock = () => (myPicks.length > 0 ? setAsking(true) : send({ type: "LOCK" }));
  const seated =
    live.state?.players ??
    game.playerWithChoice.map((p) => ({
      player: p.player,
      numbers: p.selectedNumbers,
    }));
  const others = [...new Set(held.map((p) => p.player).filter((player) => player !== userId))];
  // Locked in: the result's picture will be drawn, whatever the network does by then.
  usePreloadPixi(!selecting);
  return (
    <section className="card round-view" data-status={status} data-flow={String(snapshot.value)}>
      <h1>{t("games.spinWheel")}</h1>
      <RoundLead game="spin-wheel" />
      <CopyCode code={game.code} />
      <ConnectionNotice
        connection={live.connection}
        roundOpen={status === "waiting" || status === "player-joined"}
      />
      <RoundStage
        picture={<WheelPlaceholder size={STAGE_SIZE} />}
        seats={[
          { key: "me", who: t("stage.you"), holds: mine.join(", ") || undefined, mine: true },
          ...others.map((player, index) => ({
            key: player,
            who: t("stage.player", { number: index + 2 }),
            holds: numbersWhere(held, (holder) => holder === player).join(", "),
          })),
          ...(others.length === 0 ? [{ key: "waiting", who: t("stage.waiting") }] : []),
        ]}
        pot={seated.reduce((sum, seat) => sum + seat.numbers.length, 0) * game.betAmount}
      />
      <GameFigures
        betAmount={game.betAmount}
        betLabel={t("rounds.baseBet")}
        myBet={mine.length * game.betAmount}
        deadline={countdownTo(status, deadline, live.state?.startsAt)}
      />
      <p className="round-status">{t(`spinWheel.status.${status}`)}</p>
      {isCreator ? (
        <NumberGrid legend={t("spinWheel.yourLuckyNumber")} mine={mine} taken={occupied} disabled />
      ) : (
        <>
          <NumberGrid
            legend={t("spinWheel.selectLuckyNumber")}
            mine={mine}
            taken={occupied}
            disabled={!selecting || !connected}
            onToggle={(number) =>
              live.send(myPicks.includes(number) ? "unpick" : "pick", { number })
            }
          />
          <button type="button" className="button" onClick={lock} disabled={!selecting}>
            {selecting ? t("spinWheel.lockNumber") : t("spinWheel.numberLocked")}
          </button>
        </>
      )}
      <section className="occupied">
        <h2>{t("spinWheel.occupiedNumbers")}</h2>
        <p data-testid="occupied-numbers">
          {occupied.length ? occupied.join(", ") : t("spinWheel.noneOccupied")}
        </p>
      </section>
      <CommitmentHint commitment={game.fairness.commitment} />
      {status === "finished" && (snapshot.matches("countdown") || landed) && winning && (
        <RoundOutcome
          code={game.code}
          outcome={winning}
          won={mine.length > 0 ? mine.includes(winning) : null}
        />
      )}
      {result && !overlayClosed && (
        <SpinResult
          result={result}
          myNumbers={numbersIn(result, userId)}
          onLanded={() => send({ type: "LANDED" })}
          onClose={landed ? () => setOverlayClosed(true) : undefined}
        />
      )}
      {asking && selecting && (
        <JoinConfirmation
          terms={terms}
          onJoin={() => {
            setAsking(false);
            send({ type: "LOCK" });
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}

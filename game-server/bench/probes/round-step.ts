// What the round machine's step for a join costs, alone: N rounds waiting with their deadline
// armed on a Colyseus clock (as in a room), then each told of the join that readies it (into
// `starting`), or of one that leaves it waiting (NOT_READY=1). CPU per join, median of series.
//   node --import tsx game-server/bench/probes/round-step.ts [rounds] [series]
// PER_ROOM=1: each round its own machine by `provide` (as rooms did before RoundHooks).
import { ClockTimer } from "@colyseus/timer";
import { createActor } from "xstate";
import {
  type RoundHooks,
  roomRoundMachine,
  roundMachine,
} from "../../src/games/round-kernel/round.machine.ts";

const ROUNDS = Number(process.argv[2] ?? 500);
const SERIES = Number(process.argv[3] ?? 21);
const PER_ROOM = process.env.PER_ROOM === "1";
const READY = process.env.NOT_READY !== "1";

function openRound(clock: ClockTimer) {
  const round = { ready: false, inFlight: 1, phase: "" };
  const hooks: RoundHooks = {
    settle: async () => {},
    expire: async () => {},
    announceStart: () => {},
    announceResult: () => {},
    announceExpiry: () => {},
    reportFailure: () => {},
    joinsInFlight: () => round.inFlight > 0,
    readyToDraw: () => round.ready,
    drawsAtDeadline: () => false,
  };
  const machine = PER_ROOM
    ? roundMachine.provide({
        guards: {
          readyToDraw: () => hooks.readyToDraw(),
          drawsAtDeadline: () => hooks.drawsAtDeadline(),
          joinsInFlight: () => hooks.joinsInFlight(),
        },
        actions: { announceStart: ({ context }) => hooks.announceStart(context.startsAt ?? 0) },
      })
    : roomRoundMachine;
  const actor = createActor(machine, {
    input: { deadline: Date.now() + 60_000, resumeAt: "waiting", startNoticeMs: 5_000, hooks },
    clock: {
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (delayed) => (delayed as { clear(): void } | undefined)?.clear(),
    },
  });
  actor.subscribe((snapshot) => {
    round.phase = String(snapshot.value);
  });
  actor.start();
  return () => {
    round.inFlight--;
    round.ready = READY;
    actor.send({ type: "JOINED" });
    if (round.phase !== (READY ? "starting" : "waiting")) throw new Error(`at ${round.phase}`);
    return actor;
  };
}

const perJoin: number[] = [];
const perOpen: number[] = [];
for (let s = 0; s < SERIES; s++) {
  const clock = new ClockTimer();
  const opened = process.cpuUsage();
  const joins = Array.from({ length: ROUNDS }, () => openRound(clock));
  const openUsed = process.cpuUsage(opened);
  perOpen.push((openUsed.user + openUsed.system) / ROUNDS);
  const before = process.cpuUsage();
  const actors = joins.map((join) => join());
  const used = process.cpuUsage(before);
  for (const actor of actors) actor.stop();
  perJoin.push((used.user + used.system) / ROUNDS);
  clock.clear();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log(
  `${PER_ROOM ? "a machine per room" : "one machine"}: join ${READY ? "into starting" : "left waiting"} ${median(perJoin).toFixed(1)} µs, actor started ${median(perOpen).toFixed(1)} µs (CPU per round, medians of ${SERIES} series of ${ROUNDS} rounds)`,
);

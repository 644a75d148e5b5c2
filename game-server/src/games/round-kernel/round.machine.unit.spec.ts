import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { spinWheelGame } from "../spin-wheel/spin-wheel.game.ts";
import type { SpinWheelSeat } from "../spin-wheel/spin-wheel.rules.ts";
import { roundMachine } from "./round.machine.ts";

/**
 * The kernel's machine with spin wheel's guards on a simulated clock: a game whose joins overlap,
 * that draws at the deadline with two players, or at once when all six numbers are held.
 */
function start(deadlineIn = 60_000) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const seats: SpinWheelSeat[] = [{ player: "alice", selectedNumbers: [1], clientSeed: "a" }];
  const machine = roundMachine.provide({
    guards: {
      readyToDraw: () => spinWheelGame.readyToDraw(seats),
      drawsAtDeadline: () => spinWheelGame.drawsAtDeadline(seats),
    },
    actors: {
      settle: fromPromise(async () => {
        calls.push("settle");
      }),
      expire: fromPromise(async () => {
        calls.push("expire");
      }),
    },
    actions: {
      announceStart: () => calls.push("start notice"),
      announceResult: () => calls.push("result"),
      announceExpiry: () => calls.push("expiry"),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      deadline: clock.now() + deadlineIn,
      resumeAt: "waiting",
      startNoticeMs: 5_000,
      now: () => clock.now(),
    },
  }).start();
  const seat = (player: string, selectedNumbers: number[]) =>
    seats.push({ player, selectedNumbers, clientSeed: player });
  return { actor, clock, calls, seat };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("round machine with spin wheel's rules", () => {
  it("with two players at the deadline: the start notice, then the draw", async () => {
    const { actor, clock, calls, seat } = start();
    actor.send({ type: "JOIN_STARTED" });
    seat("bob", [2, 3]);
    actor.send({ type: "JOINED" });
    expect(actor.getSnapshot().value).toBe("waiting");
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(5_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
    expect(calls).toEqual(["start notice", "settle", "result"]);
  });

  it("alone at the deadline: everyone refunded", async () => {
    const { actor, clock, calls } = start();
    clock.increment(60_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("expired");
    expect(calls).toEqual(["expire", "expiry"]);
  });

  it("all six held: draws before the deadline", async () => {
    const { actor, clock, seat } = start();
    actor.send({ type: "JOIN_STARTED" });
    seat("bob", [2, 3, 4, 5, 6]);
    actor.send({ type: "JOINED" });
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(5_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
  });

  it("overlapping joins: the deadline waits for the last one, then counts who got in", async () => {
    const { actor, clock, calls, seat } = start(10_000);
    actor.send({ type: "JOIN_STARTED" });
    actor.send({ type: "JOIN_STARTED" });
    actor.send({ type: "JOIN_STARTED" });
    clock.increment(20_000);
    actor.send({ type: "JOIN_FAILED" });
    seat("bob", [2]);
    actor.send({ type: "JOINED" });
    expect(actor.getSnapshot().value).toBe("joining");
    actor.send({ type: "JOIN_FAILED" });
    clock.increment(0);
    expect(actor.getSnapshot().value).toBe("starting");
    expect(calls).toEqual(["start notice"]);
  });
});

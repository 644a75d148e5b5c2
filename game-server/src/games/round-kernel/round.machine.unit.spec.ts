import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { spinWheelGame } from "../spin-wheel/spin-wheel.game.ts";
import type { SpinWheelSeat } from "../spin-wheel/spin-wheel.rules.ts";
import { roundMachine } from "./round.machine.ts";

/**
 * The kernel's machine with spin wheel's guards on a simulated clock: a game whose joins overlap,
 * that draws at the deadline with two players, or at once when all six numbers are held.
 * `joinStarted` / `joinEnded` stand for the room: it counts the joins in flight (the machine's
 * `joinsInFlight` guard) and tells the machine of each join once, when it ended.
 */
function start(deadlineIn = 60_000) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const seats: SpinWheelSeat[] = [{ player: "alice", selectedNumbers: [1], clientSeed: "a" }];
  let inFlight = 0;
  const machine = roundMachine.provide({
    guards: {
      joinsInFlight: () => inFlight > 0,
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
  const joinStarted = () => inFlight++;
  const joinEnded = (type: "JOINED" | "JOIN_FAILED") => {
    inFlight--;
    actor.send({ type });
  };
  return { actor, clock, calls, seat, joinStarted, joinEnded };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("round machine with spin wheel's rules", () => {
  it("with two players at the deadline: the start notice, then the draw", async () => {
    const { actor, clock, calls, seat, joinStarted, joinEnded } = start();
    joinStarted();
    seat("bob", [2, 3]);
    joinEnded("JOINED");
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
    const { actor, clock, seat, joinStarted, joinEnded } = start();
    joinStarted();
    seat("bob", [2, 3, 4, 5, 6]);
    joinEnded("JOINED");
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(5_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
  });

  it("overlapping joins: the deadline waits for the last one, then counts who got in", async () => {
    const { actor, clock, calls, seat, joinStarted, joinEnded } = start(10_000);
    joinStarted();
    joinStarted();
    joinStarted();
    clock.increment(20_000);
    expect(actor.getSnapshot().value).toBe("joining");
    joinEnded("JOIN_FAILED");
    seat("bob", [2]);
    joinEnded("JOINED");
    expect(actor.getSnapshot().value).toBe("joining");
    joinEnded("JOIN_FAILED");
    clock.increment(0);
    expect(actor.getSnapshot().value).toBe("starting");
    expect(calls).toEqual(["start notice"]);
  });

  it("a join is one step of the machine, when it ended", () => {
    const { actor, seat, joinStarted, joinEnded } = start();
    let steps = 0;
    actor.subscribe(() => steps++);
    joinStarted();
    seat("bob", [2, 3]);
    joinEnded("JOINED");
    expect(steps).toBe(1);
    expect(actor.getSnapshot().value).toBe("waiting");
  });

  it("the creator's cancel waits for no one: refused while a join is in flight", () => {
    const { actor, joinStarted } = start();
    joinStarted();
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().value).toBe("waiting");
  });
});

import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { roundMachine } from "../round-kernel/round.machine.ts";
import { coinFlipGame } from "./coin-flip.game.ts";
import type { CoinFlipSeat } from "./coin-flip.rules.ts";

/**
 * The round kernel's machine with coin flip's guards, on a simulated clock: what happens when,
 * with the I/O stubbed by promises. `seats` stands for the room's seats (the creator's first),
 * `joinStarted` / `joinEnded` for the room counting a join in flight and telling the machine once.
 */
function start(resumeAt: "waiting" | "drawing", deadlineIn = 60_000) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const seats: CoinFlipSeat[] = [{ player: "alice", selectedSide: "H", clientSeed: "a" }];
  if (resumeAt === "drawing") seats.push({ player: "bob", selectedSide: "T", clientSeed: "b" });
  let failSettle = 1;
  let inFlight = 0;
  const machine = roundMachine.provide({
    guards: {
      joinsInFlight: () => inFlight > 0,
      readyToDraw: () => coinFlipGame.readyToDraw(seats),
      drawsAtDeadline: () => coinFlipGame.drawsAtDeadline(seats),
    },
    actors: {
      settle: fromPromise(async () => {
        calls.push("settle");
        if (failSettle-- > 0) throw new Error("database away");
        return { outcome: "H" as const, winner: "alice", payout: 90, serverSeed: "seed" };
      }),
      expire: fromPromise(async () => {
        calls.push("expire");
      }),
    },
    actions: {
      announceStart: () => calls.push("start notice"),
      announceResult: () => calls.push("result"),
      announceExpiry: () => calls.push("expiry"),
      reportFailure: () => calls.push("retry"),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      deadline: clock.now() + deadlineIn,
      resumeAt,
      startNoticeMs: 5_000,
      now: () => clock.now(),
    },
  }).start();
  const bobSeated = () => seats.push({ player: "bob", selectedSide: "T", clientSeed: "b" });
  const joinStarted = () => inFlight++;
  const joinEnded = (type: "JOINED" | "JOIN_FAILED") => {
    inFlight--;
    actor.send({ type });
  };
  return { actor, clock, calls, bobSeated, joinStarted, joinEnded };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("coin flip machine", () => {
  it("expires at the deadline when nobody joined, and refunds once", async () => {
    const { actor, clock, calls } = start("waiting");
    clock.increment(59_999);
    expect(actor.getSnapshot().value).toBe("waiting");
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().value).toBe("expired");
    expect(calls).toEqual(["expire", "expiry"]);
  });

  it("a join gives the 5-second notice, then flips; a failed settlement is retried", async () => {
    const { actor, clock, calls, bobSeated, joinStarted, joinEnded } = start("waiting");
    joinStarted();
    clock.increment(120_000); // a slow stake does not expire the round
    expect(actor.getSnapshot().value).toBe("joining");
    bobSeated();
    joinEnded("JOINED");
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(4_999);
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().value).toBe("retryingDraw");
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
    expect(calls).toEqual(["start notice", "settle", "retry", "settle", "result"]);
  });

  it("a failed join returns to waiting, with the deadline still armed", async () => {
    const { actor, clock, joinStarted, joinEnded } = start("waiting", 10_000);
    joinStarted();
    clock.increment(20_000);
    joinEnded("JOIN_FAILED");
    clock.increment(0); // the deadline has passed: its re-armed timer fires at once
    await settle();
    expect(actor.getSnapshot().value).toBe("expired");
  });

  it("a round restored with both stakes flips at once", async () => {
    const { actor, clock } = start("drawing");
    await settle();
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
  });
});

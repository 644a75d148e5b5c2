import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { coinFlipMachine } from "./coin-flip.machine.ts";
import type { SettledFlip } from "./coin-flip.rules.ts";

/** The machine alone, on a simulated clock: what happens when, with the I/O stubbed by promises. */
function start(resumeAt: "waiting" | "flipping", deadlineIn = 60_000) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  let failSettle = 1;
  const machine = coinFlipMachine.provide({
    actors: {
      settle: fromPromise<SettledFlip>(async () => {
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
  return { actor, clock, calls };
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
    const { actor, clock, calls } = start("waiting");
    actor.send({ type: "JOIN_STARTED" });
    clock.increment(120_000); // a slow stake does not expire the round
    expect(actor.getSnapshot().value).toBe("joining");
    actor.send({ type: "JOINED" });
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(4_999);
    expect(actor.getSnapshot().value).toBe("starting");
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().value).toBe("retryingFlip");
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
    expect(calls).toEqual(["start notice", "settle", "retry", "settle", "result"]);
  });

  it("a failed join returns to waiting, with the deadline still armed", async () => {
    const { actor, clock } = start("waiting", 10_000);
    actor.send({ type: "JOIN_STARTED" });
    clock.increment(20_000);
    actor.send({ type: "JOIN_FAILED" });
    clock.increment(0); // the deadline has passed: its re-armed timer fires at once
    await settle();
    expect(actor.getSnapshot().value).toBe("expired");
  });

  it("a round restored with both stakes flips at once", async () => {
    const { actor, clock } = start("flipping");
    await settle();
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().value).toBe("finished");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { type Closed, type LotteryResume, lotteryMachine } from "./lottery.machine.ts";
import { revealedBy } from "./lottery-reveal.ts";

/**
 * The lottery's machine on a simulated clock, its I/O stubbed by promises: what happens when.
 * `drawnAt` stands for the registry's recording time (the reveal counts from it).
 */
function start(
  resumeAt: LotteryResume,
  {
    outIn = 60_000,
    closedAgo = null as number | null,
    drawnAgo = 0,
    winners = 3,
    failDraws = 1,
    failPays = 0,
  } = {},
) {
  const clock = new SimulatedClock();
  clock.set(1_000_000);
  const calls: string[] = [];
  let failDraw = failDraws;
  let failPay = failPays;
  const machine = lotteryMachine.provide({
    actors: {
      close: fromPromise<Closed>(async () => {
        calls.push("close");
        return { outcome: "closed", closedAt: clock.now() };
      }),
      draw: fromPromise(async () => {
        calls.push("draw");
        if (failDraw-- > 0) throw new Error("database away");
        return { drawnAt: clock.now() - drawnAgo, winners };
      }),
      pay: fromPromise(async () => {
        calls.push("pay");
        if (failPay-- > 0) throw new Error("database away");
      }),
      refund: fromPromise(async () => {
        calls.push("refund");
        return true;
      }),
    },
    actions: {
      announceCountdown: ({ context }) => calls.push(`drawingSoon ${context.drawAt}`),
      announceReveals: (_, { from, to }) => {
        for (let i = from; i < to; i++) calls.push(`winner ${i}`);
      },
      announceDrawn: () => calls.push("drawn"),
      announceCancelled: () => calls.push("cancelled"),
      reportFailure: () => calls.push("retry"),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      outDate: clock.now() + outIn,
      resumeAt,
      closedAt: closedAgo === null ? null : clock.now() - closedAgo,
      noticeMs: 5_000,
      revealEveryMs: 3_000,
      now: () => clock.now(),
    },
  }).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const advance = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, clock, calls, advance, settle };
}

describe("the lottery machine", () => {
  it("sells until the out date, closes, counts down 5 s, draws, reveals one winner per 3 s, then pays", async () => {
    const { actor, calls, advance, clock } = start("onSale");
    await advance(59_999);
    expect(actor.getSnapshot().value).toBe("onSale");
    await advance(1);
    const closedAt = clock.now();
    expect(calls).toEqual(["close", `drawingSoon ${closedAt + 5_000}`]);
    expect(actor.getSnapshot().value).toBe("countdown");
    await advance(5_000);
    expect(calls.slice(2)).toEqual(["draw", "retry"]);
    await advance(1_000);
    expect(actor.getSnapshot().value).toEqual({ drawing: "revealing" });
    expect(calls.slice(4)).toEqual(["draw"]);
    await advance(2_999);
    expect(calls.filter((c) => c.startsWith("winner"))).toEqual([]);
    await advance(1);
    expect(calls.filter((c) => c.startsWith("winner"))).toEqual(["winner 0"]);
    await advance(3_000);
    // Nothing paid while a winner is still to be revealed.
    expect(calls).not.toContain("pay");
    await advance(3_000);
    expect(calls.slice(-5)).toEqual(["winner 0", "winner 1", "winner 2", "pay", "drawn"]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("an admin's Finish closes at once; a new out date re-arms the timer; delete refunds", async () => {
    const early = start("onSale");
    early.actor.send({ type: "FINISH" });
    await early.settle();
    expect(early.calls[0]).toBe("close");

    const moved = start("onSale");
    moved.actor.send({ type: "MOVE_STARTED" });
    await moved.advance(61_000);
    expect(moved.calls).toEqual([]);
    moved.actor.send({ type: "MOVED", outDate: moved.clock.now() + 10_000 });
    await moved.advance(9_999);
    expect(moved.calls).toEqual([]);
    await moved.advance(1);
    expect(moved.calls[0]).toBe("close");

    const deleted = start("onSale");
    deleted.actor.send({ type: "DELETE" });
    await deleted.settle();
    expect(deleted.calls).toEqual(["refund", "cancelled"]);
    expect(deleted.actor.getSnapshot().value).toBe("deleted");
  });

  it("an out date beyond a timer's reach (24 days) is waited for in steps, not closed early", async () => {
    const far = start("onSale", { outIn: 40 * 86_400_000 });
    await far.advance(2 ** 31);
    expect(far.calls).toEqual([]);
    expect(far.actor.getSnapshot().value).toBe("onSale");
    await far.advance(40 * 86_400_000 - 2 ** 31);
    expect(far.calls[0]).toBe("close");
  });

  it("resumed mid-countdown keeps its drawAt; resumed mid-reveal shows what is due at once", async () => {
    const countdown = start("countdown", { closedAgo: 2_000 });
    expect(countdown.calls).toEqual([`drawingSoon ${countdown.clock.now() + 3_000}`]);
    const revealing = start("drawing", { drawnAgo: 7_000, failDraws: 0 });
    await revealing.advance(1_000);
    // 8 s after the recording: two winners due (at 3 s and 6 s); the third at 9 s.
    expect(revealing.calls.filter((c) => c.startsWith("winner"))).toEqual(["winner 0", "winner 1"]);
    await revealing.advance(1_000);
    expect(revealing.calls.slice(-3)).toEqual(["winner 2", "pay", "drawn"]);
  });

  it("resumed after the reveal's end pays at once; a failed payment is tried again, then drawn", async () => {
    const unpaid = start("drawing", { drawnAgo: 60_000, failDraws: 0, failPays: 1 });
    await unpaid.settle();
    expect(unpaid.calls).toEqual(["draw", "winner 0", "winner 1", "winner 2", "pay", "retry"]);
    expect(unpaid.actor.getSnapshot().value).toBe("retryingPay");
    await unpaid.advance(1_000);
    expect(unpaid.calls.slice(-2)).toEqual(["pay", "drawn"]);
    expect(unpaid.actor.getSnapshot().status).toBe("done");
  });
});

describe("the reveal schedule", () => {
  it("never goes back, never shows more than the winners, shows all at the end", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: -100_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (winners, every, at, later) => {
          const now = revealedBy(0, winners, every, at);
          expect(now).toBeGreaterThanOrEqual(0);
          expect(now).toBeLessThanOrEqual(winners);
          expect(revealedBy(0, winners, every, at + later)).toBeGreaterThanOrEqual(now);
          expect(revealedBy(0, winners, every, winners * every)).toBe(winners);
        },
      ),
    );
  });
});

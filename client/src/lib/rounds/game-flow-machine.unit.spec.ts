import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type FlowEntry, type FlowEvent, gameFlowMachine } from "./game-flow-machine.ts";

type Choice = number[];
type Result = { winner: number };

/** Where the screen keeps a payout off its balances (use-game-flow.ts). */
const HOLDING = ["startNotice", "spinning"];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine with a lock that succeeds or fails, and a log of the screen's actions. */
function flow(entry: FlowEntry, options: { lockFails?: boolean; choice?: Choice } = {}) {
  const log: string[] = [];
  const note =
    (name: string) =>
    ({ context }: { context: { choice: Choice | null } }) =>
      log.push(`${name}:${JSON.stringify(context.choice)}`);
  const machine = gameFlowMachine<Choice, Result>().provide({
    actors: {
      lock: fromPromise<unknown, { choice: Choice | null }>(
        async ({ input }: { input: { choice: Choice | null } }) => {
          log.push(`lock:${JSON.stringify(input.choice)}`);
          if (options.lockFails) throw new Error("Insufficient balance.");
          return null;
        },
      ),
    },
    guards: { hasChoice: ({ context }) => (context.choice ?? []).length > 0 },
    actions: {
      warnNothingChosen: note("warnNothingChosen"),
      lockFailed: (_, error) => log.push(`lockFailed:${(error as Error).message}`),
      locked: note("locked"),
      announceStart: note("announceStart"),
      startAnimation: note("startAnimation"),
      announceOutcome: note("announceOutcome"),
      announceExpiry: note("announceExpiry"),
    },
  });
  const actor = createActor(machine, { input: { entry, choice: options.choice ?? null } }).start();
  return { actor, log, state: () => actor.getSnapshot().value };
}

describe("the game flow", () => {
  it("warns when locking with nothing chosen, then locks the choice and counts down", async () => {
    const { actor, log, state } = flow("selecting");
    expect(state()).toBe("selecting");
    actor.send({ type: "LOCK" });
    expect(state()).toBe("selecting");
    actor.send({ type: "PICK", choice: [2, 5] });
    actor.send({ type: "LOCK" });
    expect(state()).toBe("locking");
    await settle();
    expect(state()).toBe("countdown");
    expect(log).toEqual(["warnNothingChosen:null", "lock:[2,5]", "locked:[2,5]"]);
  });

  it("goes back to selecting, choice kept, when the server refuses the lock", async () => {
    const { actor, log, state } = flow("selecting", { lockFails: true });
    actor.send({ type: "PICK", choice: [3] });
    actor.send({ type: "LOCK" });
    await settle();
    expect(state()).toBe("selecting");
    expect(actor.getSnapshot().context.choice).toEqual([3]);
    expect(log).toContain("lockFailed:Insufficient balance.");
  });

  it("holds from the start notice until the animation lands, then tells the outcome", async () => {
    const { actor, log, state } = flow("locking", { choice: [1] });
    await settle();
    actor.send({ type: "STARTING" });
    expect(state()).toBe("startNotice");
    actor.send({ type: "RESULT", result: { winner: 1 } });
    expect(state()).toBe("spinning");
    expect(actor.getSnapshot().context.result).toEqual({ winner: 1 });
    expect(log).not.toContain("announceOutcome:[1]");
    actor.send({ type: "LANDED" });
    expect(state()).toBe("result");
    expect(log.slice(-3)).toEqual([
      "announceStart:[1]",
      "startAnimation:[1]",
      "announceOutcome:[1]",
    ]);
  });

  it("lets a watcher see the result without choosing, and ends at an expiry", () => {
    const watcher = flow("countdown");
    watcher.actor.send({ type: "RESULT", result: { winner: 4 } });
    expect(watcher.state()).toBe("spinning");
    const creator = flow("countdown", { choice: [6] });
    creator.actor.send({ type: "EXPIRED" });
    expect(creator.state()).toBe("expired");
    expect(creator.log).toEqual(["announceExpiry:[6]"]);
  });

  const ORDER = ["selecting", "locking", "countdown", "startNotice", "spinning", "result"];
  const eventArb: fc.Arbitrary<FlowEvent<Choice, Result>> = fc.oneof(
    fc
      .uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 })
      .map((choice) => ({ type: "PICK" as const, choice })),
    fc.constant({ type: "LOCK" as const }),
    fc.constant({ type: "STARTING" as const }),
    fc.integer({ min: 1, max: 6 }).map((winner) => ({
      type: "RESULT" as const,
      result: { winner },
    })),
    fc.constant({ type: "EXPIRED" as const }),
    fc.constant({ type: "LANDED" as const }),
  );

  it("only moves forward, shows one outcome at most, and holds a result until it lands", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<FlowEntry>("selecting", "locking", "countdown"),
        fc.boolean(),
        fc.array(eventArb, { maxLength: 25 }),
        async (entry, lockFails, events) => {
          const { actor, log, state } = flow(entry, { lockFails, choice: [1] });
          let previous = String(state());
          let refused = false;
          let landed = false;
          for (const event of events) {
            actor.send(event);
            await settle();
            const now = String(state());
            refused ||= log.some((line) => line.startsWith("lockFailed"));
            const backToSelecting = previous === "locking" && now === "selecting";
            if (previous === "expired" || previous === "result") expect(now).toBe(previous);
            else if (now !== "expired" && !backToSelecting)
              expect(ORDER.indexOf(now)).toBeGreaterThanOrEqual(ORDER.indexOf(previous));
            if (backToSelecting) expect(refused).toBe(true);
            // A result that has not landed keeps the flow where the balances are held.
            landed ||= event.type === "LANDED" && previous === "spinning";
            if (actor.getSnapshot().context.result && !landed && now !== "expired")
              expect(HOLDING).toContain(now);
            if (log.some((line) => line.startsWith("announceOutcome"))) expect(landed).toBe(true);
            previous = now;
          }
          expect(
            log.filter((line) => line.startsWith("announceOutcome")).length,
          ).toBeLessThanOrEqual(1);
          if (state() === "result")
            expect(log.filter((line) => line.startsWith("startAnimation")).length).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});

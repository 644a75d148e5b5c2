import { assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from "xstate";

/**
 * The player's side of a round, the same for every round game (coin flip, spin wheel):
 *
 *   selecting → locking → countdown → startNotice → spinning → result
 *                  ↘ (refused) selecting          ↘ expired (nobody joined in time)
 *
 * The server decides everything; this machine only follows it. The room tells it that the round
 * is starting (STARTING), what came out (RESULT) or that it expired (EXPIRED); the animation tells
 * it when it landed (LANDED). A game brings its own lock call (the `lock` actor), what counts as a
 * choice (the `hasChoice` guard) and what the screen does at each step (the actions), through
 * `machine.provide` or `useGameFlow`. From the start notice until the animation lands (the states
 * `startNotice` and `spinning`) the screen keeps a payout's balances back: the server has paid
 * before the coin lands, and the screen must not tell the outcome early.
 */

/** Where a screen enters the flow: choosing, already asking to lock, or locked and waiting. */
export type FlowEntry = "selecting" | "locking" | "countdown";

export interface FlowInput<Choice> {
  entry: FlowEntry;
  choice?: Choice | null;
}

export interface FlowContext<Choice, Result> {
  entry: FlowEntry;
  choice: Choice | null;
  result: Result | null;
}

export type FlowEvent<Choice, Result> =
  | { type: "PICK"; choice: Choice | null }
  | { type: "LOCK" }
  | { type: "STARTING" }
  | { type: "RESULT"; result: Result }
  | { type: "EXPIRED" }
  | { type: "LANDED" };

/** Round news a state no longer reacts to (its own `on` wins over the root's). */
const IGNORED = { RESULT: {}, EXPIRED: {} } as const;

/** The machine for one game's choice and result types. */
export function gameFlowMachine<Choice, Result>() {
  return setup({
    types: {
      context: {} as FlowContext<Choice, Result>,
      events: {} as FlowEvent<Choice, Result>,
      input: {} as FlowInput<Choice>,
    },
    actors: {
      /** The game's lock call (create or join on the API); rejects with the server's message. */
      lock: fromPromise<unknown, { choice: Choice | null }>(async () => {
        throw new Error("This game has no lock call.");
      }),
    },
    guards: {
      hasChoice: ({ context }) => context.choice !== null,
      entersSelecting: ({ context }) => context.entry === "selecting",
      entersLocking: ({ context }) => context.entry === "locking",
    },
    actions: {
      warnNothingChosen: () => {},
      lockFailed: (_, _error: unknown) => {},
      /** The lock call answered (its answer, e.g. the new round's code). */
      locked: (_, _output: unknown) => {},
      announceStart: () => {},
      startAnimation: () => {},
      announceOutcome: () => {},
      announceExpiry: () => {},
    },
  }).createMachine({
    id: "gameFlow",
    context: ({ input }) => ({
      entry: input.entry,
      choice: input.choice ?? null,
      result: null,
    }),
    initial: "entering",
    on: {
      EXPIRED: { target: ".expired" },
      RESULT: { target: ".spinning", actions: assign({ result: ({ event }) => event.result }) },
    },
    states: {
      entering: {
        always: [
          { guard: "entersSelecting", target: "selecting" },
          { guard: "entersLocking", target: "locking" },
          { target: "countdown" },
        ],
      },
      selecting: {
        on: {
          PICK: { actions: assign({ choice: ({ event }) => event.choice }) },
          LOCK: [{ guard: "hasChoice", target: "locking" }, { actions: "warnNothingChosen" }],
        },
      },
      locking: {
        invoke: {
          src: "lock",
          input: ({ context }) => ({ choice: context.choice }),
          onDone: {
            target: "countdown",
            actions: {
              type: "locked",
              params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output,
            },
          },
          onError: {
            target: "selecting",
            actions: {
              type: "lockFailed",
              params: ({ event }: { event: ErrorActorEvent }) => event.error,
            },
          },
        },
      },
      countdown: {
        on: { STARTING: "startNotice" },
      },
      startNotice: {
        entry: "announceStart",
      },
      spinning: {
        entry: "startAnimation",
        on: { LANDED: "result", ...IGNORED },
      },
      // The ends: late room messages change nothing (the actor keeps running, quietly).
      result: {
        entry: "announceOutcome",
        on: IGNORED,
      },
      expired: {
        entry: "announceExpiry",
        on: IGNORED,
      },
    },
  });
}

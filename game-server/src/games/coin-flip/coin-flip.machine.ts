import { START_NOTICE_SECONDS } from "@igp/shared";
import { assign, type ErrorActorEvent, fromPromise, setup } from "xstate";
import type { SettledFlip } from "./coin-flip.rules.ts";

/**
 * A coin flip round's timeline (DESIGN.md section 5). The room provides the I/O (`settle`,
 * `expire`) and the announcements; the machine decides what happens when.
 *
 *   waiting ──JOIN_STARTED──▶ joining ──JOINED──▶ starting ──5 s──▶ flipping ──▶ finished
 *      │  ▲                      │                                   (settle, retried)
 *      │  └────JOIN_FAILED───────┘
 *      └──deadline──▶ expiring ──▶ expired          (refund, retried)
 *
 * Deadlines are timestamps in the context, not pending timers, so a round restored from its
 * stream after a restart re-arms them (`resumeAt` picks the state to resume in).
 */
export interface CoinFlipContext {
  /** When the round expires without a second player (epoch ms). */
  deadline: number;
  /** When the flip happens, once two players are in (epoch ms). */
  startsAt: number | null;
  startNoticeMs: number;
  /** Where a restored round picks up: waiting for a player, or both stakes in and due a flip. */
  resumeAt: "waiting" | "flipping";
  now: () => number;
}

export interface CoinFlipInput {
  deadline: number;
  resumeAt: "waiting" | "flipping";
  startNoticeMs?: number;
  now?: () => number;
}

export type CoinFlipEvent = { type: "JOIN_STARTED" } | { type: "JOINED" } | { type: "JOIN_FAILED" };

const RETRY_MS = 1_000;

export const coinFlipMachine = setup({
  types: {
    context: {} as CoinFlipContext,
    input: {} as CoinFlipInput,
    events: {} as CoinFlipEvent,
  },
  actors: {
    settle: fromPromise<SettledFlip>(async () => {
      throw new Error("The room provides settle.");
    }),
    expire: fromPromise<void>(async () => {
      throw new Error("The room provides expire.");
    }),
  },
  actions: {
    announceStart: () => {},
    announceResult: (_, _result: SettledFlip) => {},
    announceExpiry: () => {},
    reportFailure: (_, _error: unknown) => {},
  },
  delays: {
    untilDeadline: ({ context }) => Math.max(0, context.deadline - context.now()),
    untilStart: ({ context }) => Math.max(0, (context.startsAt ?? 0) - context.now()),
  },
  guards: {
    resumesFlipping: ({ context }) => context.resumeAt === "flipping",
  },
}).createMachine({
  id: "coinFlip",
  context: ({ input }) => ({
    deadline: input.deadline,
    startsAt: null,
    startNoticeMs: input.startNoticeMs ?? START_NOTICE_SECONDS * 1000,
    resumeAt: input.resumeAt,
    now: input.now ?? Date.now,
  }),
  initial: "resuming",
  states: {
    resuming: {
      always: [{ guard: "resumesFlipping", target: "flipping" }, { target: "waiting" }],
    },
    waiting: {
      after: { untilDeadline: "expiring" },
      on: { JOIN_STARTED: "joining" },
    },
    joining: {
      on: {
        JOINED: {
          target: "starting",
          actions: assign({ startsAt: ({ context }) => context.now() + context.startNoticeMs }),
        },
        JOIN_FAILED: "waiting",
      },
    },
    starting: {
      entry: "announceStart",
      after: { untilStart: "flipping" },
    },
    flipping: {
      invoke: {
        src: "settle",
        onDone: {
          target: "finished",
          actions: { type: "announceResult", params: ({ event }) => event.output },
        },
        onError: {
          target: "retryingFlip",
          actions: { type: "reportFailure", params: errorOf },
        },
      },
    },
    retryingFlip: { after: { [RETRY_MS]: "flipping" } },
    expiring: {
      invoke: {
        src: "expire",
        onDone: { target: "expired", actions: "announceExpiry" },
        onError: {
          target: "retryingExpiry",
          actions: { type: "reportFailure", params: errorOf },
        },
      },
    },
    retryingExpiry: { after: { [RETRY_MS]: "expiring" } },
    finished: { type: "final" },
    expired: { type: "final" },
  },
});

function errorOf({ event }: { event: ErrorActorEvent }) {
  return event.error;
}

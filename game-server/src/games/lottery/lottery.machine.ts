import { assign, type ErrorActorEvent, fromPromise, setup } from "xstate";
import { revealedBy } from "./lottery-reveal.ts";

/**
 * A lottery's timeline (docs/realtime.md, the `lottery` room). The room provides the I/O
 * (`close`, `draw`, `pay`, `refund`) and the announcements; the machine decides what happens when.
 *
 *   onSale ──out date / FINISH──▶ closing ──▶ countdown ──notice──▶ drawing ──▶ paying ──▶ drawn
 *     │  ▲                        (stakes closed)  (drawingSoon)   recording    (settle,
 *     │  │                                                         revealing     paid)
 *     │  └─ MOVE_STARTED ▶ movingOutDate ─ MOVED / MOVE_FAILED    (one winner per revealEveryMs)
 *     └──DELETE──▶ refunding ──▶ deleted (cancelled)
 *
 * The prizes are paid when the reveal ends, never before: no balance shows a prize whose ticket
 * the drawing has not shown yet.
 * Times are timestamps in the context (the out date, drawAt, when the drawing was recorded),
 * never pending timers alone, so a room adopted after a restart, or by another process, resumes
 * where the ledger and the registry say the lottery stands (`resumeAt`): the countdown ends at
 * the same drawAt, and the reveal shows the winners due by now and goes on from there.
 */
export interface LotteryContext {
  /** When sales close (epoch ms). */
  outDate: number;
  /** When the drawing starts: sales closed + the notice; 0 before. */
  drawAt: number;
  noticeMs: number;
  revealEveryMs: number;
  /** When the drawing was recorded: the reveal schedule counts from it; 0 before. */
  drawnAt: number;
  /** Winners to reveal, and how many are revealed. */
  winners: number;
  revealed: number;
  /** How many reveals were announced (the room sends each once). */
  shown: number;
  resumeAt: LotteryResume;
  now: () => number;
}

export type LotteryResume = "onSale" | "countdown" | "drawing" | "refunding";

export interface LotteryInput {
  outDate: number;
  resumeAt: LotteryResume;
  /** When sales closed, for a lottery resumed after it (its countdown keeps its drawAt). */
  closedAt?: number | null;
  noticeMs: number;
  revealEveryMs: number;
  now?: () => number;
}

/** What the room's `close` reports: sales closed now, or the lottery moved on meanwhile. */
export type Closed =
  | { outcome: "closed"; closedAt: number }
  | { outcome: "deleting" }
  | { outcome: "gone" };

/** What the room's `draw` reports: the drawing recorded (when, how many winners). */
export interface Drawn {
  drawnAt: number;
  winners: number;
}

export type LotteryEvent =
  | { type: "FINISH" }
  | { type: "DELETE" }
  | { type: "MOVE_STARTED" }
  | { type: "MOVED"; outDate: number }
  | { type: "MOVE_FAILED" };

const RETRY_MS = 1_000;
/** setTimeout takes at most 2^31 - 1 ms (about 24 days): a later out date is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export const lotteryMachine = setup({
  types: {
    context: {} as LotteryContext,
    input: {} as LotteryInput,
    events: {} as LotteryEvent,
  },
  actors: {
    close: fromPromise<Closed>(async () => {
      throw new Error("The room provides close.");
    }),
    draw: fromPromise<Drawn>(async () => {
      throw new Error("The room provides draw.");
    }),
    pay: fromPromise<void>(async () => {
      throw new Error("The room provides pay.");
    }),
    refund: fromPromise<boolean>(async () => {
      throw new Error("The room provides refund.");
    }),
  },
  actions: {
    announceCountdown: () => {},
    /** Shows the winners revealed so far (`from` = those shown before). */
    announceReveals: (_, _params: { from: number; to: number }) => {},
    announceDrawn: () => {},
    announceCancelled: () => {},
    leave: () => {},
    reportFailure: (_, _error: unknown) => {},
  },
  delays: {
    untilOutDate: ({ context }) =>
      Math.min(LONGEST_TIMER_MS, Math.max(0, context.outDate - context.now())),
    untilDrawAt: ({ context }) => Math.max(0, context.drawAt - context.now()),
    untilNextReveal: ({ context }) =>
      Math.max(0, context.drawnAt + (context.revealed + 1) * context.revealEveryMs - context.now()),
  },
  guards: {
    outDatePassed: ({ context }) => context.outDate <= context.now(),
    allRevealed: ({ context }) => context.revealed >= context.winners,
  },
}).createMachine({
  id: "lottery",
  context: ({ input }) => {
    const noticeMs = input.noticeMs;
    return {
      outDate: input.outDate,
      drawAt: input.closedAt ? input.closedAt + noticeMs : 0,
      noticeMs,
      revealEveryMs: input.revealEveryMs,
      drawnAt: 0,
      winners: 0,
      revealed: 0,
      shown: 0,
      resumeAt: input.resumeAt,
      now: input.now ?? Date.now,
    };
  },
  initial: "resuming",
  states: {
    resuming: {
      always: [
        { guard: ({ context }) => context.resumeAt === "countdown", target: "countdown" },
        { guard: ({ context }) => context.resumeAt === "drawing", target: "drawing" },
        { guard: ({ context }) => context.resumeAt === "refunding", target: "refunding" },
        { target: "onSale" },
      ],
    },
    onSale: {
      after: { untilOutDate: "outDateReached" },
      on: {
        FINISH: "closing",
        DELETE: "refunding",
        MOVE_STARTED: "movingOutDate",
      },
    },
    /** A timer of at most 24 days ended: the out date, or a step towards it. */
    outDateReached: {
      always: [{ guard: "outDatePassed", target: "closing" }, { target: "onSale" }],
    },
    /** An admin's new out date is being written (the ledger's deadline, then the registry). */
    movingOutDate: {
      on: {
        MOVED: {
          target: "outDateReached",
          actions: assign({ outDate: ({ event }) => event.outDate }),
        },
        MOVE_FAILED: "outDateReached",
      },
    },
    closing: {
      invoke: {
        src: "close",
        onDone: [
          {
            guard: ({ event }) => event.output.outcome === "closed",
            target: "countdown",
            actions: assign({
              drawAt: ({ context, event }) =>
                (event.output as { closedAt: number }).closedAt + context.noticeMs,
            }),
          },
          { guard: ({ event }) => event.output.outcome === "deleting", target: "refunding" },
          { target: "gone" },
        ],
        onError: { target: "retryingClose", actions: { type: "reportFailure", params: errorOf } },
      },
    },
    retryingClose: { after: { [RETRY_MS]: "closing" } },
    countdown: {
      entry: [
        // A lottery closed before closing times were kept counts down from now.
        assign({
          drawAt: ({ context }) => context.drawAt || context.now() + context.noticeMs,
        }),
        "announceCountdown",
      ],
      after: { untilDrawAt: "drawing" },
    },
    drawing: {
      initial: "recording",
      states: {
        /** Stakes closed if they are not, winners drawn and recorded; nothing paid. */
        recording: {
          invoke: {
            src: "draw",
            onDone: {
              target: "revealing",
              actions: assign({
                drawnAt: ({ event }) => event.output.drawnAt,
                winners: ({ event }) => event.output.winners,
              }),
            },
            onError: {
              target: "retryingDraw",
              actions: { type: "reportFailure", params: errorOf },
            },
          },
        },
        retryingDraw: { after: { [RETRY_MS]: "recording" } },
        /** Each entry shows the winners due by now (after a restart, several at once). */
        revealing: {
          entry: [
            assign({ revealed: ({ context }) => revealedOf(context) }),
            {
              type: "announceReveals",
              params: ({ context }) => ({ from: context.shown, to: context.revealed }),
            },
            assign({ shown: ({ context }) => context.revealed }),
          ],
          always: { guard: "allRevealed", target: "#lottery.paying" },
          after: { untilNextReveal: { target: "revealing", reenter: true } },
        },
      },
    },
    /** Every winner revealed: the round settles, each prize paid (once, however often tried). */
    paying: {
      invoke: {
        src: "pay",
        onDone: "drawn",
        onError: { target: "retryingPay", actions: { type: "reportFailure", params: errorOf } },
      },
    },
    retryingPay: { after: { [RETRY_MS]: "paying" } },
    drawn: { entry: ["announceDrawn"], type: "final" },
    refunding: {
      invoke: {
        src: "refund",
        onDone: [{ guard: ({ event }) => event.output, target: "deleted" }, { target: "gone" }],
        onError: {
          target: "retryingRefund",
          actions: { type: "reportFailure", params: errorOf },
        },
      },
    },
    retryingRefund: { after: { [RETRY_MS]: "refunding" } },
    deleted: { entry: "announceCancelled", type: "final" },
    /** Someone else moved the lottery on (another process, deleted): this room has no part. */
    gone: { entry: "leave", type: "final" },
  },
});

function revealedOf(context: LotteryContext) {
  return revealedBy(context.drawnAt, context.winners, context.revealEveryMs, context.now());
}

function errorOf({ event }: { event: ErrorActorEvent }) {
  return event.error;
}

import { START_NOTICE_SECONDS } from "@igp/shared";
import { assign, type ErrorActorEvent, fromPromise, setup } from "xstate";

/**
 * Every round game's timeline (docs/architecture.md, the round kernel). The room provides the
 * I/O (`settle`, `expire`), the announcements and the game's guards; the machine decides what happens when.
 *
 *   waiting ──JOINED (none other in flight)──▶ readyToDraw? ──▶ starting ──5 s──▶ drawing ──▶ finished
 *      │                                          │ no: waiting         (settle, retried)
 *      └──deadline──▶ joins in flight? ──yes──▶ joining ──(last join ended)──▶ readyToDraw? / waiting
 *                        │ no
 *                        └──▶ drawsAtDeadline? ──yes──▶ starting
 *                                  └──no──▶ expiring ──▶ expired          (refund, retried)
 *      └──CANCEL (the creator left, alone, no join in flight)──▶ expiring
 *
 * A join is one event, when its stake is taken or refused (JOINED, JOIN_FAILED): the room counts
 * the joins in flight itself (its `joinsInFlight` guard; its tables treat the round as `joining`
 * while one is), so a join costs the machine one step, not two (each costs tens of microseconds
 * with many rounds live). Several joins may run at once (spin wheel); the deadline waits until none is in
 * flight (the state `joining`). Deadlines are timestamps in the context, not pending timers, so
 * a round restored from its stream after a restart re-arms them (`resumeAt` picks the state to
 * resume in).
 */
export interface RoundContext {
  /** When the countdown ends (epoch ms): the draw or the refund. */
  deadline: number;
  /** When the draw happens, once it is due (epoch ms). */
  startsAt: number | null;
  startNoticeMs: number;
  /** Where a restored round picks up: counting down, or due a draw at once. */
  resumeAt: "waiting" | "drawing";
  now: () => number;
  /** The room's, for `roomRoundMachine` (null where a test provides the implementations). */
  hooks: RoundHooks | null;
}

export interface RoundInput {
  deadline: number;
  resumeAt: "waiting" | "drawing";
  startNoticeMs?: number;
  now?: () => number;
  hooks?: RoundHooks;
}

export type RoundEvent =
  /** A join's stake was taken (the seat is the room's now). */
  | { type: "JOINED" }
  /** A join was refused or failed: no seat. */
  | { type: "JOIN_FAILED" }
  /** The creator leaves while waiting alone: the round ends as if its deadline had passed. */
  | { type: "CANCEL" };

/**
 * What a room does for its round (round-room.ts): the I/O, the announcements and the game's
 * guards. They travel in the actor's input, so that every room runs the one `roomRoundMachine`:
 * a machine given its implementations by `provide` is a machine of its own, whose states XState
 * prepares again on their first use (their transitions and delays), which each room's first join
 * paid inside its step (bench/probes/round-step.ts).
 */
export interface RoundHooks {
  settle(): Promise<unknown>;
  expire(): Promise<unknown>;
  announceStart(startsAt: number): void;
  announceResult(result: unknown): void;
  announceExpiry(): void;
  reportFailure(error: unknown): void;
  joinsInFlight(): boolean;
  readyToDraw(): boolean;
  drawsAtDeadline(): boolean;
}

const RETRY_MS = 1_000;

/**
 * A join ended (taken or refused): others still in flight keep the round as it is; else the
 * seats may call for the draw. Guarded targets of the event itself, not a state passed through.
 */
const JOIN_ENDED = [
  { guard: "joinsInFlight" },
  { guard: "readyToDraw", target: "starting" },
] as const;

export const roundMachine = setup({
  types: {
    context: {} as RoundContext,
    input: {} as RoundInput,
    events: {} as RoundEvent,
  },
  // The game's room gives both (their outputs are its own: any, as the announcements take them).
  actors: {
    // biome-ignore lint/suspicious/noExplicitAny: the room's settle returns its game's result
    settle: fromPromise<any, RoundHooks | null>(async () => {
      throw new Error("The room provides settle.");
    }),
    // biome-ignore lint/suspicious/noExplicitAny: the room's expire returns what it likes
    expire: fromPromise<any, RoundHooks | null>(async () => {
      throw new Error("The room provides expire.");
    }),
  },
  actions: {
    announceStart: () => {},
    announceResult: (_, _result: unknown) => {},
    announceExpiry: () => {},
    reportFailure: (_, _error: unknown) => {},
  },
  delays: {
    untilDeadline: ({ context }) => Math.max(0, context.deadline - context.now()),
    untilStart: ({ context }) => Math.max(0, (context.startsAt ?? 0) - context.now()),
  },
  guards: {
    resumesDrawing: ({ context }) => context.resumeAt === "drawing",
    /** The room's: stakes being taken (a join that just ended no longer counts). */
    joinsInFlight: () => false,
    /** The game's: the seats taken call for the draw now (coin flip: two players). */
    readyToDraw: () => false,
    /** The game's: at the deadline, draw rather than refund (spin wheel: two players or more). */
    drawsAtDeadline: () => false,
  },
}).createMachine({
  id: "round",
  context: ({ input }) => ({
    deadline: input.deadline,
    startsAt: null,
    startNoticeMs: input.startNoticeMs ?? START_NOTICE_SECONDS * 1000,
    resumeAt: input.resumeAt,
    now: input.now ?? Date.now,
    hooks: input.hooks ?? null,
  }),
  initial: "resuming",
  states: {
    resuming: {
      always: [{ guard: "resumesDrawing", target: "drawing" }, { target: "waiting" }],
    },
    waiting: {
      after: { untilDeadline: "deadlinePassed" },
      on: {
        JOINED: JOIN_ENDED,
        JOIN_FAILED: JOIN_ENDED,
        CANCEL: [{ guard: "joinsInFlight" }, { target: "expiring" }],
      },
    },
    /** The deadline passed while stakes were being taken. When the last ends: draw, or decide. */
    joining: {
      on: {
        JOINED: [...JOIN_ENDED, { target: "waiting" }],
        JOIN_FAILED: [...JOIN_ENDED, { target: "waiting" }],
      },
    },
    deadlinePassed: {
      always: [
        { guard: "joinsInFlight", target: "joining" },
        { guard: "drawsAtDeadline", target: "starting" },
        { target: "expiring" },
      ],
    },
    starting: {
      entry: [
        assign({ startsAt: ({ context }) => context.now() + context.startNoticeMs }),
        "announceStart",
      ],
      after: { untilStart: "drawing" },
    },
    drawing: {
      invoke: {
        src: "settle",
        input: hooksOf,
        onDone: {
          target: "finished",
          actions: {
            type: "announceResult",
            params: ({ event }: { event: { output: unknown } }) => event.output,
          },
        },
        onError: {
          target: "retryingDraw",
          actions: { type: "reportFailure", params: errorOf },
        },
      },
    },
    retryingDraw: { after: { [RETRY_MS]: "drawing" } },
    expiring: {
      invoke: {
        src: "expire",
        input: hooksOf,
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

/** The room's part as the invoked actors' input (null where a test provides the actors). */
function hooksOf({ context }: { context: RoundContext }) {
  return context.hooks;
}

/** The room's part, for the implementations below: a room always runs the machine with it. */
function roomHooks(hooks: RoundHooks | null): RoundHooks {
  if (hooks === null) throw new Error("roomRoundMachine runs with the room's hooks in its input");
  return hooks;
}

/** The machine every room runs (one for all: see RoundHooks), its hooks in its input. */
export const roomRoundMachine = roundMachine.provide({
  actors: {
    settle: fromPromise(({ input }: { input: RoundHooks | null }) => roomHooks(input).settle()),
    expire: fromPromise(({ input }: { input: RoundHooks | null }) => roomHooks(input).expire()),
  },
  actions: {
    announceStart: ({ context }) => roomHooks(context.hooks).announceStart(context.startsAt ?? 0),
    announceResult: ({ context }, result) => roomHooks(context.hooks).announceResult(result),
    announceExpiry: ({ context }) => roomHooks(context.hooks).announceExpiry(),
    reportFailure: ({ context }, error) => roomHooks(context.hooks).reportFailure(error),
  },
  guards: {
    joinsInFlight: ({ context }) => roomHooks(context.hooks).joinsInFlight(),
    readyToDraw: ({ context }) => roomHooks(context.hooks).readyToDraw(),
    drawsAtDeadline: ({ context }) => roomHooks(context.hooks).drawsAtDeadline(),
  },
});

import { setPriority } from "node:os";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { call } from "./bench-api.ts";

/** One POST a benchmark sends and times. */
export interface TimedCall {
  url: string;
  route: string;
  token: string;
  body: unknown;
}

/** When each call goes: at random (Poisson) moments at `rate` per second, or `inFlight` at a time (0: all at once). */
export type Schedule = { rate: number } | { inFlight: number };

/** A call's answer: its status and its times in epoch milliseconds (fractional), comparable across threads. */
export interface CallTiming {
  status: number;
  sentAt: number;
  answeredAt: number;
}

/**
 * Calls sent from a worker thread, which times their answers. The benchmark's main thread holds
 * a thousand SDK clients busy decoding what the rooms broadcast; a reply waiting behind that work
 * would be timed late. A player's phone does nothing of the kind, so the calls get an event loop
 * of their own (at nice 0 when the main thread yields, see rooms/joins.ts). `prepare` opens a
 * connection per call first: a player who presses Join has the connection that loaded the lobby.
 */
export async function prepareCalls(calls: TimedCall[]) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { calls } });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const fail = (error: unknown) => reject(error);
      const exit = (code: number) => reject(new Error(`the call sender stopped (${code})`));
      worker.once("error", fail).once("exit", exit);
      worker.once("message", (message: T) => {
        worker.off("error", fail).off("exit", exit);
        resolve(message);
      });
    });
  await next<"ready">();
  return {
    /** Sends them as scheduled; their timings, in the calls' order. */
    async send(schedule: Schedule): Promise<CallTiming[]> {
      const answered = next<CallTiming[]>();
      worker.postMessage(schedule);
      const timings = await answered;
      await worker.terminate(); // its idle keep-alive connections would hold it a while
      return timings;
    },
  };
}

const epochNow = () => performance.timeOrigin + performance.now();

async function warmUp(calls: TimedCall[]) {
  await Promise.all(calls.map((c) => fetch(`${c.url}/api/health`).then((r) => r.arrayBuffer())));
}

async function send(calls: TimedCall[], schedule: Schedule): Promise<CallTiming[]> {
  const timings: CallTiming[] = [];
  const one = async (request: TimedCall, index: number) => {
    const sentAt = epochNow();
    const { status } = await call(request.url, "POST", request.route, request.token, request.body);
    timings[index] = { status, sentAt, answeredAt: epochNow() };
  };
  if ("rate" in schedule) {
    const started = performance.now();
    let at = 0;
    await Promise.all(
      calls.map(async (request, index) => {
        at += (-Math.log(1 - Math.random()) * 1000) / schedule.rate;
        const wait = started + at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await one(request, index);
      }),
    );
  } else {
    const limit = schedule.inFlight || calls.length;
    let next = 0;
    const lane = async () => {
      while (next < calls.length) {
        const index = next++;
        await one(calls[index]!, index);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, lane));
  }
  return timings;
}

if (!isMainThread) {
  try {
    setPriority(0); // this thread only: the timed player is not one of the clients that yield
  } catch {
    console.log(
      "  (the joins' thread could not return to nice 0: it is timed at the clients' nice)",
    );
  }
  const { calls } = workerData as { calls: TimedCall[] };
  await warmUp(calls);
  parentPort!.once("message", async (schedule: Schedule) => {
    parentPort!.postMessage(await send(calls, schedule));
  });
  parentPort!.postMessage("ready");
}

import http from "node:http";
import { setPriority } from "node:os";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

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
 * The calls go over node:http on those kept-alive connections, each request's body and headers
 * made before the clock starts: `fetch` cost this thread, which shares the machine's cores with
 * the server at nice 0, about 0.27 ms of CPU per request against 0.13 ms (500 POSTs at once to a
 * local echo server, median of 7; docs/deploy.md, Sizing), work a player's phone does on its own
 * cores. The server gets the same request as from `fetch`
 * (its headers, Accept-Encoding included, so the answer is compressed or not as before).
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

/** The headers `fetch` (undici) sends besides the call's own, so the server sees the same request. */
const FETCH_HEADERS = {
  accept: "*/*",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
  "user-agent": "node",
  "accept-encoding": "gzip, deflate",
};

/**
 * Kept-alive connections, one per call once `warmUp` has opened them, every one kept (the
 * default keeps 256 free: half a burst of 500 then opened new connections in the timed window,
 * which cost the server about twice the CPU per join and PostgreSQL three times).
 */
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: Number.POSITIVE_INFINITY,
  maxFreeSockets: Number.POSITIVE_INFINITY,
});

/** One request on a kept connection: its status once its answer has been read whole. */
function request(url: string, options: http.RequestOptions, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { ...options, agent }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** A connection per call, as many open at once as there are calls. */
async function warmUp(calls: TimedCall[]) {
  await Promise.all(
    calls.map((c) => request(`${c.url}/api/health`, { method: "GET", headers: FETCH_HEADERS })),
  );
}

/** Each call's POST, ready to go: its address, headers and body made once. */
function prepared({ url, route, token, body }: TimedCall) {
  const text = JSON.stringify(body);
  const options: http.RequestOptions = {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...FETCH_HEADERS,
      "content-length": Buffer.byteLength(text),
    },
  };
  return () => request(`${url}${route}`, options, text);
}

async function send(calls: TimedCall[], schedule: Schedule): Promise<CallTiming[]> {
  const timings: CallTiming[] = [];
  const posts = calls.map(prepared);
  const one = async (index: number) => {
    const sentAt = epochNow();
    const status = await posts[index]!();
    timings[index] = { status, sentAt, answeredAt: epochNow() };
  };
  if ("rate" in schedule) {
    const started = performance.now();
    let at = 0;
    await Promise.all(
      calls.map(async (_call, index) => {
        at += (-Math.log(1 - Math.random()) * 1000) / schedule.rate;
        const wait = started + at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await one(index);
      }),
    );
  } else {
    const limit = schedule.inFlight || calls.length;
    let next = 0;
    const lane = async () => {
      while (next < calls.length) {
        const index = next++;
        await one(index);
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

import { performance } from "node:perf_hooks";
import { sleep } from "@igp/test-support/server-process.ts";
import { prepareCalls } from "../join-sender.ts";
import { cpuMeter } from "../process-stats.ts";
import { type Player, type Round, SEATS, seed } from "./rounds.ts";
import { coins, yieldCores } from "./sdk-clients.ts";
import { scrape } from "./server-metrics.ts";
import { CLIENTS_NICE, type JoinPlan, RESULT_TIMEOUT_MS } from "./settings.ts";

export type JoinPhase = Awaited<ReturnType<typeof playJoins>>;

/**
 * Every joiner joins its round (as `plan` says: at a rate, or so many at a time) and each round's
 * room broadcasts its result to all in it. The joins are sent from a worker thread at nice 0
 * while the SDK clients yield the cores (CLIENTS_NICE), as clients on their own devices would.
 * Returns when every result arrived (or RESULT_TIMEOUT_MS passed), with the CPU used and times.
 */
export async function playJoins(
  open: Round[],
  seats: { player: Player }[],
  url: string,
  pids: number[],
  postgresSelect: Parameters<typeof cpuMeter>[1],
  plan: JoinPlan,
) {
  const expectedCoins = seats.filter(({ player }) => player.room).length;
  const everyCoin = coins.reach(expectedCoins, RESULT_TIMEOUT_MS);
  const calls = await prepareCalls(
    open.map((round) => ({
      url: round.joiner.url!,
      route: `/api/game/${round.game}/join`,
      token: round.joiner.token,
      body: { code: round.code, ...SEATS[round.game].join, clientSeed: seed() },
    })),
  );
  await sleep(500);
  await scrape(url); // resets the server's event-loop lag histogram
  const cpu = await cpuMeter(pids, postgresSelect);
  yieldCores(CLIENTS_NICE);
  const joinStarted = performance.now();
  const timings = await calls.send(
    plan.rate > 0 ? { rate: plan.rate } : { inFlight: plan.inFlight },
  );
  for (const [i, round] of open.entries()) {
    const timing = timings[i]!;
    round.joinSentAt = timing.sentAt - performance.timeOrigin;
    round.joinAckMs = timing.answeredAt - timing.sentAt;
    round.joinStatus = timing.status;
  }
  const joinsDone = performance.now();
  const untilLastAck = await cpu.read();
  // Results already on screens: rounds that settled inside the join window (none when the
  // start notice outlasts it), whose work the window's CPU then includes.
  const resultsBeforeLastAck = coins.received;
  const allCoins = await everyCoin;
  yieldCores(0);
  const resultsDone = performance.now();
  const used = await cpu.read();
  const metricsAfter = await scrape(url);
  const joinFailures = open.filter((r) => r.joinStatus !== 200);
  for (const round of joinFailures.slice(0, 3))
    console.log(`  join ${round.joinStatus} for ${round.code}`);
  return {
    joinStarted,
    joinsDone,
    resultsDone,
    untilLastAck,
    resultsBeforeLastAck,
    used,
    metricsAfter,
    allCoins,
    joinFailures,
  };
}

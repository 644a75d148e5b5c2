import { availableParallelism } from "node:os";
import { fixed, quantile } from "../measure.ts";
import type { BenchDatabase } from "./bench-database.ts";
import { cpuPerJoin, describeCpuPerJoin } from "./cpu-per-join.ts";
import type { JoinPhase } from "./joins.ts";
import type { Player, Round } from "./rounds.ts";
import { joinHistogram, metric, type Sample } from "./server-metrics.ts";
import { CONNECT_CONCURRENCY, CREATE_CONCURRENCY, type JoinPlan, ROOMS } from "./settings.ts";

/** What one run measured, stage by stage (run.ts). */
export interface Measured {
  processes: number;
  plan: JoinPlan;
  database: BenchDatabase;
  players: Player[];
  open: Round[];
  seats: { player: Player; round: Round }[];
  connected: Player[];
  createSeconds: number;
  connectSeconds: number;
  createFailures: number;
  connectFailures: number;
  /** The servers' memory and CPU: before the rounds, with rooms open, with clients, idle, after results. */
  samples: Record<"baseline" | "afterRooms" | "afterClients" | "idle" | "afterResults", Sample>;
  joins: JoinPhase;
}

const MB = 1024 * 1024;

const sorted = (values: (number | undefined)[]) =>
  values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);

/**
 * The figures printed for a run, as label and value, and what the comparisons (with several
 * processes, with a bare room) need: rounds per second, the join acknowledgement's p50 and
 * p99, the server CPU per join.
 */
export function figuresOf(m: Measured) {
  const { processes, plan, players, open, seats, connected, createSeconds, connectSeconds } = m;
  const { createFailures, connectFailures } = m;
  const { external } = m.database;
  const { baseline, afterRooms, afterClients, idle, afterResults } = m.samples;
  const { joinStarted, joinsDone, resultsDone, untilLastAck, used, metricsAfter, joinFailures } =
    m.joins;
  const { resultsBeforeLastAck } = m.joins;
  const figures: [string, string][] = [];
  const completed = open.filter((round) =>
    [round.creator, round.joiner, ...round.watchers].every((p) => p.coinAt !== undefined),
  );
  const lastCoin = Math.max(...players.map((p) => p.coinAt ?? 0));
  const phaseSeconds = (lastCoin - joinStarted) / 1000;
  const ack = sorted(open.map((r) => (r.joinStatus === 200 ? r.joinAckMs : undefined)));
  const toJoinerCoin = sorted(
    open.map((r) => (r.joiner.coinAt && r.joinSentAt ? r.joiner.coinAt - r.joinSentAt : undefined)),
  );
  const toLastCoin = sorted(
    completed.map((r) => {
      const last = Math.max(...[r.creator, r.joiner, ...r.watchers].map((p) => p.coinAt!));
      return last - r.joinSentAt!;
    }),
  );
  const joinById = sorted(players.map((p) => p.joinByIdMs));
  const channel = sorted(players.map((p) => p.channelMs));
  const creates = sorted(open.map((r) => r.createMs));
  const drops = players.reduce((n, p) => n + p.drops, 0);
  const balanceUpdates = players.reduce((n, p) => n + p.balanceUpdates, 0);
  const serverJoin = joinHistogram(metricsAfter);
  const lag = (name: string) => (metric(metricsAfter, name) ?? Number.NaN) * 1000;
  const joinWall = (resultsDone - joinStarted) / 1000;
  const answered = open.length - joinFailures.length;
  const idleWindow = { from: afterClients, to: idle };
  const perJoin = cpuPerJoin(used.servers, joinWall, idleWindow, answered);
  const ackWall = (joinsDone - joinStarted) / 1000;
  const joinPath = cpuPerJoin(untilLastAck.servers, ackWall, idleWindow, answered);

  const ms = (values: number[]) =>
    `p50 ${fixed(quantile(values, 0.5), 1).trim()} ms, p99 ${fixed(quantile(values, 0.99), 1).trim()} ms, max ${fixed(values.at(-1) ?? Number.NaN, 1).trim()} ms (n=${values.length})`;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const p99 = quantile(ack, 0.99);
  figures.push(
    [
      "concurrent players (SDK clients connected)",
      `${connected.length} (${seats.length} attempted, ${2 * connected.length} websockets)`,
    ],
    [
      "concurrent rooms",
      `${open.filter((r) => r.game === "coin-flip").length} coin_flip + ${open.filter((r) => r.game === "spin-wheel").length} spin_wheel + ${players.filter((p) => p.channel).length} player channels`,
    ],
    ["rounds completed", `${completed.length}/${ROOMS}`],
    [
      "server CPU per join, join path (first join → last ack, less idle)",
      `${describeCpuPerJoin(joinPath)}; ${
        resultsBeforeLastAck === 0
          ? "no round settled in the window"
          : `NOT the join path alone: ${resultsBeforeLastAck} results reached clients in the window`
      }`,
    ],
    [
      "server write calls per join, join path",
      `${(untilLastAck.writeCalls / Math.max(1, answered)).toFixed(1)} (sockets: HTTP, websockets, PostgreSQL); ${((1000 * untilLastAck.systemSeconds) / Math.max(1, answered)).toFixed(2)} ms of the CPU per join in the kernel`,
    ],
    [
      "PostgreSQL CPU per join, join path",
      `${((1000 * untilLastAck.postgres) / Math.max(1, answered)).toFixed(2)} ms`,
    ],
    [
      "bench process CPU per join, join path",
      `${((1000 * untilLastAck.bench) / Math.max(1, answered)).toFixed(2)} ms (the joins' sender and the SDK clients; it shares the cores)`,
    ],
    ["server CPU per round (first join → last result, less idle)", describeCpuPerJoin(perJoin)],
    [
      "PostgreSQL CPU per round",
      `${((1000 * used.postgres) / Math.max(1, answered)).toFixed(2)} ms`,
    ],
    [
      "rounds per second (first join → last result)",
      `${(completed.length / phaseSeconds).toFixed(1)} (${phaseSeconds.toFixed(2)} s)`,
    ],
    ["join ack: POST /{game}/join → 200", ms(ack)],
    ...(["coin-flip", "spin-wheel"] as const).map((game): [string, string] => [
      `  ${game} only`,
      ms(
        sorted(
          open.map((r) => (r.game === game && r.joinStatus === 200 ? r.joinAckMs : undefined)),
        ),
      ),
    ]),
    [
      `  target p99 < ${plan.targetP99Ms} ms`,
      Number.isNaN(p99) ? "n/a" : p99 < plan.targetP99Ms ? "MET" : "MISSED",
    ],
    [`  same, server-side (fastify, /metrics${processes > 1 ? ", process 1" : ""})`, serverJoin],
    ["join → result, joiner's own room", ms(toJoinerCoin)],
    ["join → result, last client in the room", ms(toLastCoin)],
    ["SDK joinById(code)", ms(joinById)],
    ["SDK joinOrCreate('player', {userId})", ms(channel)],
    [
      "round create: POST → 201",
      `${ms(creates)}; ${(open.length / createSeconds).toFixed(0)}/s at ${CREATE_CONCURRENCY} in flight`,
    ],
    [
      "connect rate (2 rooms per client)",
      `${(connected.length / connectSeconds).toFixed(0)} clients/s at ${CONNECT_CONCURRENCY} in flight`,
    ],
    [
      "server RSS: baseline / rooms open / +clients / after results",
      `${mb(baseline.rss)} / ${mb(afterRooms.rss)} / ${mb(afterClients.rss)} / ${mb(afterResults.rss)}`,
    ],
    [
      "memory per room (rooms only, no clients)",
      kb((afterRooms.rss - baseline.rss) / Math.max(1, open.length)),
    ],
    [
      "memory per round (room + its players' sockets and channels)",
      kb((afterClients.rss - baseline.rss) / Math.max(1, open.length)),
    ],
    [
      "memory per connected player (channel + room seat)",
      kb((afterClients.rss - afterRooms.rss) / Math.max(1, connected.length)),
    ],
    [
      "server CPU, first join → last ack",
      `${untilLastAck.server.toFixed(2)} s over ${((joinsDone - joinStarted) / 1000).toFixed(2)} s${
        plan.rate > 0
          ? ""
          : ` (the burst's queue: ${((1000 * untilLastAck.server) / Math.max(1, open.length)).toFixed(2)} ms per join)`
      }; PostgreSQL ${untilLastAck.postgres.toFixed(2)} s, machine ${(100 * untilLastAck.machine).toFixed(0)}% busy`,
    ],
    [
      "server CPU during joins → results",
      `${used.server.toFixed(2)} s over ${joinWall.toFixed(2)} s (${((100 * used.server) / joinWall).toFixed(0)}% of a core)`,
    ],
    [
      "server CPU per phase: create / connect",
      `${(afterRooms.cpu - baseline.cpu).toFixed(1)} s / ${(afterClients.cpu - afterRooms.cpu).toFixed(1)} s`,
    ],
    [
      "server CPU idle with all rooms and clients open",
      `${((100 * (idle.cpu - afterClients.cpu)) / ((idle.at - afterClients.at) / 1000)).toFixed(0)}% of a core`,
    ],
    [
      "PostgreSQL CPU during joins → results",
      `${used.postgres.toFixed(2)} s (${external ? "backends of the bench database" : "the embedded cluster"})`,
    ],
    ["bench process CPU during joins", `${used.bench.toFixed(2)} s`],
    [
      "machine CPU busy during joins (all cores)",
      `${(100 * used.machine).toFixed(0)}% of ${availableParallelism()} cores`,
    ],
    [
      "machine load average (1 min): before joins / after",
      `${idle.load.toFixed(1)} / ${afterResults.load.toFixed(1)} (${availableParallelism()} cores)`,
    ],
    [
      "server event-loop lag during joins (max / p99)",
      `${lag("nodejs_eventloop_lag_max_seconds").toFixed(1)} ms / ${lag("nodejs_eventloop_lag_p99_seconds").toFixed(1)} ms`,
    ],
    ["balanceUpdated messages received (1 on join each)", `${balanceUpdates}`],
    [
      "connection drops / failures",
      `${drops} dropped, ${connectFailures} connect, ${createFailures} create, ${joinFailures.length} join failed`,
    ],
  );
  return {
    figures,
    complete: m.joins.allCoins && completed.length === ROOMS && connected.length === seats.length,
    roundsPerSecond: completed.length / phaseSeconds,
    joinP99: p99,
    joinP50: quantile(ack, 0.5),
    cpuPerJoin: perJoin,
    joinPathCpu: joinPath,
    joinPathSettled: resultsBeforeLastAck,
  };
}

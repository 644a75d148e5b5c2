import { spawn } from "node:child_process";
import { freePort } from "@igp/test-support/global-setup.ts";
import { ROOT, SEMI_SPACE, sleep } from "@igp/test-support/server-process.ts";
import { quantile } from "../../measure.ts";
import { type CpuPerJoin, cpuPerJoin } from "../cpu-per-join.ts";
import { playJoins } from "../joins.ts";
import { openRounds } from "../open-rounds.ts";
import type { Player } from "../rounds.ts";
import { connectPlayers } from "../sdk-clients.ts";
import { sample } from "../server-metrics.ts";
import { describePlan, type JoinPlan, PLAYERS } from "../settings.ts";

export interface BareResult {
  cpuPerJoin: CpuPerJoin;
  joinPathCpu: CpuPerJoin;
  joinPathSettled: number;
  joinP50: number;
  joinP99: number;
  roundsPerSecond: number;
  complete: boolean;
}

/**
 * The same rounds, clients and joins as a run on the platform (run.ts), against bare-server.ts:
 * PLAYERS SDK clients, each on a channel and its round's room, the joins sent from the same
 * worker as `plan` says, each result held back by the plan's start notice, every result
 * message awaited. Measured the same way.
 */
export async function runBare(plan: JoinPlan): Promise<BareResult> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    // The platform's V8 settings: the ratio compares the code, not the heap.
    [SEMI_SPACE, "--import", "tsx", "game-server/bench/rooms/bare/bare-server.ts"],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), START_NOTICE_MS: String(plan.noticeMs) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const players: Player[] = Array.from({ length: PLAYERS }, (_, index) => ({
    index,
    userId: `bare-${index}`,
    token: `bare-${index}`,
    balanceUpdates: 0,
    drops: 0,
  }));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once("data", () => resolve());
      child.once("exit", (code) => reject(new Error(`the bare server stopped (${code})`)));
    });
    const { open } = await openRounds(players, [url], []);
    const { seats, connected } = await connectPlayers(open, players);
    await sleep(1_000);
    const afterClients = await sample([child.pid!]);
    await sleep(2_000);
    const idle = await sample([child.pid!]);
    const joins = await playJoins(open, seats, url, [child.pid!], { database: "(none)" }, plan);
    const seconds = (joins.resultsDone - joins.joinStarted) / 1000;
    const ack = open
      .filter((round) => round.joinStatus === 200)
      .map((round) => round.joinAckMs!)
      .sort((a, b) => a - b);
    const lastResult = Math.max(...players.map((p) => p.coinAt ?? 0));
    console.log(
      `- bare room (joins ${describePlan(plan)}): ${ack.length}/${open.length} joins answered 200, ${connected.length} clients, every result: ${joins.allCoins}`,
    );
    const idleWindow = { from: afterClients, to: idle };
    const ackSeconds = (joins.joinsDone - joins.joinStarted) / 1000;
    return {
      cpuPerJoin: cpuPerJoin(joins.used.servers, seconds, idleWindow, ack.length),
      joinPathCpu: cpuPerJoin(joins.untilLastAck.servers, ackSeconds, idleWindow, ack.length),
      joinPathSettled: joins.resultsBeforeLastAck,
      joinP50: quantile(ack, 0.5),
      joinP99: quantile(ack, 0.99),
      roundsPerSecond: open.length / ((lastResult - joins.joinStarted) / 1000),
      complete: joins.allCoins && connected.length === seats.length,
    };
  } finally {
    await Promise.race([
      Promise.all(
        players.flatMap((p) => [p.room, p.channel]).map((room) => room?.leave().catch(() => {})),
      ),
      sleep(5_000),
    ]);
    child.kill("SIGTERM");
  }
}

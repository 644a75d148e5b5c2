// What reading the ledger costs before the audit does anything with it: the audit's own scan
// (openLedgerSnapshot's cursor, pages read ahead, rows decoded), alone and with each event's
// chain hash checked. Prints events/s, Node's CPU and the PostgreSQL backend's CPU (read from
// /proc: the server must run on this machine) per event, medians of the runs, interleaved.
//   DATABASE_URL=… node --import tsx game-server/bench/probes/audit-floor.ts [runs]
import { readFileSync } from "node:fs";
import { chainHashOf, openLedgerSnapshot } from "@igp/ledger";
import pg from "pg";

const RUNS = Number(process.argv[2] ?? 3);
if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error("runs: a whole number of at least 1");
const MODES = ["scan", "scan + chain hash"] as const;
type Mode = (typeof MODES)[number];

/** A process's CPU seconds so far (user + system), from /proc/<pid>/stat. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
}

async function readOnce(pool: pg.Pool, mode: Mode) {
  const snapshot = await openLedgerSnapshot(pool);
  const { rows } = await snapshot.client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const backend = rows[0]!.pid;
  const [node0, server0, start] = [process.cpuUsage(), cpuSecondsOf(backend), performance.now()];
  let events = 0;
  for await (const page of snapshot.pages()) {
    events += page.length;
    if (mode === "scan") continue;
    for (const event of page)
      if (chainHashOf(event.prevHash, event.streamId, event.revision, event) !== event.hash)
        throw new Error(`The chain hash of ${event.streamId}@${event.revision} does not match.`);
  }
  const wall = (performance.now() - start) / 1000;
  const node = process.cpuUsage(node0);
  const server = cpuSecondsOf(backend) - server0;
  await snapshot.close();
  const micros = (seconds: number) => (seconds * 1e6) / events;
  return {
    events,
    perSecond: events / wall,
    node: micros((node.user + node.system) / 1e6),
    server: micros(server),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const results = new Map<Mode, Awaited<ReturnType<typeof readOnce>>[]>(MODES.map((m) => [m, []]));
for (let run = 0; run < RUNS; run++)
  for (const mode of MODES) results.get(mode)!.push(await readOnce(pool, mode));
await pool.end();

console.log(`${results.get("scan")![0]!.events.toLocaleString("en")} events, medians of ${RUNS}:`);
console.log("| read | events/s | Node µs/event | PostgreSQL µs/event |");
console.log("| ---- | -------- | ------------- | ------------------- |");
for (const [mode, runs] of results) {
  const [perSecond, node, server] = [
    median(runs.map((r) => r.perSecond)),
    median(runs.map((r) => r.node)),
    median(runs.map((r) => r.server)),
  ];
  console.log(
    `| ${mode} | ${Math.round(perSecond).toLocaleString("en")} | ${node.toFixed(1)} | ${server.toFixed(1)} |`,
  );
}

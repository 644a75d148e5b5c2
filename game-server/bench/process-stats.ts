/** What a benchmark reads about processes on Linux (/proc): memory and CPU. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Resident set size of a process, in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A process' system calls that write (write, writev, sendmsg...: each socket write is one) and
 * its CPU seconds in the kernel, so far (Linux /proc/<pid>/io and stat).
 */
export async function writesOf(pid: number): Promise<{ calls: number; systemSeconds: number }> {
  const io = await readFile(`/proc/${pid}/io`, "utf8");
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    calls: Number(/^syscw:\s+(\d+)/m.exec(io)?.[1] ?? 0),
    systemSeconds: Number(fields[12]) / 100,
  };
}

/** The whole machine's CPU counters: busy and total ticks over all cores. */
export async function machineCpu(): Promise<{ busy: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * CPU seconds used so far by each PostgreSQL process (by pid): the backends serving `database`
 * (told by their process title, e.g. "postgres: 15/main: postgres <database> 127.0.0.1(5000) idle"),
 * or the postmaster `postmasterPid` and all its children (an embedded cluster).
 */
export async function postgresCpuSeconds(select: {
  database?: string;
  postmasterPid?: number;
}): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = (await readFile(`/proc/${entry}/cmdline`, "utf8")).replaceAll("\0", " ");
      if (!title.startsWith("postgres")) continue;
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ours =
        (select.database !== undefined && title.split(" ").includes(select.database)) ||
        (select.postmasterPid !== undefined &&
          (Number(fields[1]) === select.postmasterPid || Number(entry) === select.postmasterPid));
      if (ours) used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  return used;
}

/**
 * What PostgreSQL processes used between two readings: each process' own growth (one that
 * started meanwhile from zero). A backend that exited meanwhile is not counted (its CPU is
 * gone from /proc), so this is a floor, never negative.
 */
function postgresCpuBetween(start: Map<number, number>, end: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of end) total += seconds - (start.get(pid) ?? 0);
  return total;
}

/** The postmaster of the embedded PostgreSQL cluster in `clusterDir` (its postmaster.pid). */
export async function postmasterPidIn(clusterDir: string): Promise<number> {
  const pidFile = await readFile(path.join(clusterDir, "postmaster.pid"), "utf8");
  return Number(pidFile.split("\n")[0]);
}

/**
 * CPU used from now until `read()`: the server processes (seconds, summed and each in
 * `servers`), PostgreSQL (seconds, as `postgresCpuSeconds` selects it), this benchmark's own
 * process (seconds: its clients) and the whole machine's busy share (0 to 1): where the load
 * queues when the cores are all taken.
 */
export async function cpuMeter(
  serverPids: number[],
  postgres: Parameters<typeof postgresCpuSeconds>[0],
) {
  const sample = async () => {
    const servers: number[] = [];
    const writes = { calls: 0, systemSeconds: 0 };
    for (const pid of serverPids) {
      servers.push(await cpuSecondsOf(pid));
      const { calls, systemSeconds } = await writesOf(pid);
      writes.calls += calls;
      writes.systemSeconds += systemSeconds;
    }
    const machine = await machineCpu();
    return { servers, writes, postgres: await postgresCpuSeconds(postgres), machine };
  };
  const start = await sample();
  const benchStart = process.cpuUsage();
  return {
    async read() {
      const end = await sample();
      const bench = process.cpuUsage(benchStart);
      const servers = end.servers.map((seconds, i) => seconds - start.servers[i]!);
      return {
        server: servers.reduce((sum, seconds) => sum + seconds, 0),
        servers,
        /** The servers' write system calls, and their CPU seconds in the kernel. */
        writeCalls: end.writes.calls - start.writes.calls,
        systemSeconds: end.writes.systemSeconds - start.writes.systemSeconds,
        postgres: postgresCpuBetween(start.postgres, end.postgres),
        bench: (bench.user + bench.system) / 1e6,
        machine:
          (end.machine.busy - start.machine.busy) /
          Math.max(1, end.machine.total - start.machine.total),
      };
    },
  };
}

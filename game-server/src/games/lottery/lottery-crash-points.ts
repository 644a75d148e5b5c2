/**
 * The kill -9 tests' hook (lottery.crash.http.spec.ts): with LOTTERY_CRASH_AT naming a step of
 * the drawing, the process kills itself there with SIGKILL, as a crash would (nothing flushed,
 * nothing finished), so the test can prove the drawing completes once after a restart.
 * Steps: `closed` (stakes closed, nothing drawn), `recorded` (the drawing recorded, nothing
 * revealed or paid), `revealing` (the first winner revealed, nothing paid), `paid` (the round
 * settled in the ledger, the registry not told).
 */
export type CrashStep = "closed" | "recorded" | "revealing" | "paid";

export function crashPoint(step: CrashStep) {
  if (process.env.LOTTERY_CRASH_AT === step) process.kill(process.pid, "SIGKILL");
}

/**
 * The kill -9 tests' hook (lottery.crash.http.spec.ts): with LOTTERY_CRASH_AT naming a step of
 * the drawing, the process kills itself there with SIGKILL, as a crash would (nothing flushed,
 * nothing finished), so the test can prove the drawing completes once after a restart.
 * Steps: `closed` (stakes closed, nothing drawn), `settled` (prizes paid, the drawing not
 * recorded), `revealing` (recorded, the first winner revealed).
 */
export function crashPoint(step: "closed" | "settled" | "revealing") {
  if (process.env.LOTTERY_CRASH_AT === step) process.kill(process.pid, "SIGKILL");
}

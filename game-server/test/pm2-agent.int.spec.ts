import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CHILD = fileURLToPath(new URL("./pm2-agent-child.ts", import.meta.url));

/** Runs pm2-agent-child.ts: its exit code and what it wrote to stderr. */
function runChild(mode: "with" | "without") {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, ["--import", "tsx", CHILD, mode], (_, __, stderr) =>
      resolve({ code: child.exitCode, stderr }),
    );
  });
}

/**
 * Colyseus loads PM2's agent (@pm2/io) when it is installed, and the agent catches the
 * process' unhandled rejections, only logging them: the server would carry on in a state no
 * one planned for. The realtime server sets Colyseus up without it (realtime/pm2-agent.ts), so
 * that Node ends the process, as it does everywhere else.
 */
describe("Colyseus' matchmaker setup", () => {
  it("leaves an unhandled rejection to end the process", async () => {
    const { code, stderr } = await runChild("without");
    expect(code).toBe(1);
    expect(stderr).toContain("Nobody handles this rejection.");
  }, 30_000);

  it("(why: with PM2's agent loaded, the same rejection was only logged)", async () => {
    expect((await runChild("with")).code).toBe(0);
  }, 30_000);
});

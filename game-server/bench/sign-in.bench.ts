import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { httpCaller, RELAXED_LIMITS, signUpPlayer } from "@igp/test-support/http.ts";
import { loadConfig, startPlatform } from "../src/index.ts";
import { withBenchPostgres } from "./bench-postgres.ts";
import { fixed } from "./measure.ts";

/**
 * `npm run bench:sign-in`: whether a sign-in's answer time tells which accounts exist. Times
 * wrong passwords for a real account against logins that match none, before the lock (401) and
 * during it (429), interleaved so that both see the same machine. Prints medians; asserts nothing.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 40);

async function main() {
  await withBenchPostgres("sign-in", async ({ url }) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "igp-bench-sign-in-"));
    const config = await loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
    });
    const platform = await startPlatform(config, { rateLimits: RELAXED_LIMITS });
    try {
      await run({ call: httpCaller(platform.url) });
    } finally {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}

async function run(server: Parameters<typeof signUpPlayer>[0]) {
  const times: Record<string, number[]> = {};
  const timed = async (label: string, phone: string) => {
    const started = performance.now();
    const { status } = await server.call("POST", "/api/auth/user/login", {
      body: { phone, password: "wrong-guess1" },
    });
    const key = `${label} ${status}`;
    times[key] = [...(times[key] ?? []), performance.now() - started];
  };
  for (let round = 0; round < ROUNDS; round++) {
    const player = await signUpPlayer(server);
    const unknown = `0966${String(round).padStart(6, "0")}`;
    // 5 free failures (401), then locked (429): the same count for both.
    for (let attempt = 0; attempt < 7; attempt++) {
      await timed("account", player.phone);
      await timed("no account", unknown);
    }
  }
  console.log(`answer                |  median ms   p90 ms   samples (${ROUNDS} rounds)`);
  for (const [label, values] of Object.entries(times).sort()) {
    values.sort((a, b) => a - b);
    const at = (q: number) => values[Math.min(values.length - 1, Math.floor(values.length * q))]!;
    console.log(`${label.padEnd(21)} |${fixed(at(0.5), 2)}${fixed(at(0.9), 2)}   ${values.length}`);
  }
}

await main();

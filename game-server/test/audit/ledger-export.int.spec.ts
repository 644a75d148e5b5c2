import { execFile } from "node:child_process";
import { createHash, createPrivateKey, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  approvedBankDeposit,
  createTestLedger,
  ctx,
  readEverything,
} from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateExportKeyPair } from "../../src/ledger-export/export-key.ts";
import { writeLedgerExport } from "../../src/ledger-export/write-export.ts";
import { exportedEvents, readManifest, tamperedCopy, writeSignedManifest } from "./export-files.ts";
import { fairActivity } from "./fair-activity.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const VERIFY = path.join(ROOT, "tools/verify-export/verify.mjs");

let t: Awaited<ReturnType<typeof createTestLedger>>;
let work: string;
const operator = generateExportKeyPair();
const stranger = generateExportKeyPair();
let privateFile: string;
let publicFile: string;
let full: string;

async function tool(script: string, args: string[], env: Record<string, string> = {}) {
  return run("node", ["--import", "tsx", path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: t.url, LEDGER_EXPORT_KEY_FILE: privateFile, ...env },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The offline verifier as an auditor runs it: plain node, no tsx, no database. */
async function verify(
  dirs: string[],
  options: { key?: string; heapMb?: number; onDisk?: boolean } = {},
) {
  const key =
    options.key === undefined
      ? ["--public-key", publicFile]
      : options.key
        ? ["--public-key", options.key]
        : [];
  const heap = options.heapMb ? [`--max-old-space-size=${options.heapMb}`] : [];
  // Every piece of chain sorted on disk and every open stream but one spilled to a file.
  const records = options.onDisk ? ["--records-in-memory", "1", "--streams-in-memory", "1"] : [];
  return run("node", [...heap, VERIFY, ...key, ...records, ...dirs], { env: {} }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

/**
 * Safer play in the wallets (no money moves): a player registered who never deposited (only
 * AgeConfirmed), and one who confirmed, deposited (DepositCounted), set a limit and took a break.
 */
async function saferPlayActivity() {
  const [idle, careful] = [randomUUID(), randomUUID()];
  await t.ledger.saferPlay.confirmAge(idle, 18, ctx("user", idle));
  await t.ledger.saferPlay.confirmAge(careful, 18, ctx("user", careful));
  await approvedBankDeposit(t.ledger, careful, 20_000);
  await t.ledger.saferPlay.setLimit(careful, "lossDay", 10_000, ctx("user", careful));
  const until = new Date(Date.now() + 86_400_000).toISOString();
  await t.ledger.saferPlay.takeBreak(careful, "timeOut", until, ctx("user", careful));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "igp-export-"));
  privateFile = path.join(work, "operator.pem");
  publicFile = path.join(work, "operator.pub.pem");
  await writeFile(privateFile, operator.privateKey, { mode: 0o600 });
  await writeFile(publicFile, operator.publicKey);
  t = await createTestLedger();
  await generateLedgerActivity(t.ledger);
  await fairActivity(t.ledger);
  await saferPlayActivity();
  await readEverything(t.store, t.pool); // every event visible to global readers
  full = path.join(work, "full");
  const exported = await tool("game-server/src/cli/export-ledger.ts", ["--out", full]);
  expect(exported.code, exported.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe("a full export", () => {
  it("holds every event in global order, with the stored hashes, and a signed manifest", async () => {
    const stored = await readEverything(t.store, t.pool);
    const events = await exportedEvents(full);
    expect(events.map((e) => [e.position, e.streamId, e.revision, e.hash])).toEqual(
      stored.map((e) => [e.position, e.streamId, e.revision, e.hash]),
    );
    const manifest = await readManifest(full);
    expect(manifest.events.count).toBe(stored.length);
    expect(manifest.range.fromGenesis).toBe(true);
    expect(manifest.range.last.hash).toBe(stored.at(-1)!.hash);
    expect(manifest.previous).toBeNull();
    expect(manifest.streams.round).toBe(5); // 3 of the day's activity, a fair flip, a fair lottery
    const types = new Set(events.map((e) => e.type));
    for (const type of ["AgeConfirmed", "DepositCounted", "PlayLimitSet", "PlayBreakTaken"])
      expect(types, type).toContain(type); // safer play, which the verifier must know
  });

  it("verifies offline: balances, the house result and every draw equal the ledger's replay", async () => {
    const replay = await t.replay();
    const { code, stdout } = await verify([full]);
    expect(stdout).toContain("verdict          OK");
    expect(code).toBe(0);
    const money = (minor: number | bigint) => (Number(minor) / 100).toFixed(2);
    expect(stdout).toMatch(new RegExp(`money in\\s+${money(replay.moneyIn)}\\n`));
    expect(stdout).toMatch(new RegExp(`in flight\\s+${money(replay.moneyInFlight)}\\n`));
    expect(stdout).toContain(
      `house result     ${money(replay.house.balance)} (cuts ${money(replay.house.roundCuts)}`,
    );
    expect(stdout).toContain("fair draws       2 settled round(s) recomputed");
    const balances = await verify([full, "--balances"]);
    for (const stream of replay.streams.values())
      if (stream.kind === "wallet") {
        const { main, bonus } = stream.state as { main: number; bonus: number };
        expect(balances.stdout).toContain(
          `wallet-${stream.id} main ${money(main)} bonus ${money(bonus)}`,
        );
      }
  });

  it("streams: verifies with a 24 MB heap", async () => {
    const { code, stdout } = await verify([full], { heapMb: 24 });
    expect(stdout).toContain("verdict          OK");
    expect(code).toBe(0);
  });

  it("with every piece of chain sorted on disk and the open streams spilled, prints the same report", async () => {
    const inMemory = await verify([full, "--balances"]);
    const onDisk = await verify([full, "--balances"], { onDisk: true });
    expect(onDisk.stdout).toContain("verdict          OK");
    // The balances come in the order the streams were last used in memory, then the spilled.
    const lines = (text: string) => text.split("\n").sort();
    expect(lines(onDisk.stdout)).toEqual(lines(inMemory.stdout));
    expect(inMemory.stdout.match(/ wallet-\S+ main /g)?.length).toBeGreaterThan(5);
  });

  it("writes the heads in stream order, each once, the same with every head but one on disk", async () => {
    const heads = async (dir: string) =>
      gunzipSync(await readFile(path.join(dir, "heads.jsonl.gz")))
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    const written = await heads(full);
    const ids = written.map((head) => head.streamId);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const spilled = path.join(work, "heads-on-disk");
    const key = createPrivateKey(operator.privateKey);
    await writeLedgerExport(t.store, spilled, key, {}, { headsInMemory: 1 });
    expect(await heads(spilled)).toEqual(written);
    const manifest = await readManifest(spilled);
    expect(manifest.heads.count).toBe(written.length);
    expect(manifest.streams).toEqual((await readManifest(full)).streams);
    expect((await verify([spilled])).stdout).toContain("verdict          OK");
  });
});

describe("a tampered export fails", () => {
  const copy = (name: string) => path.join(work, name);
  /** Found alike with the pieces of chain and the open streams in memory and on disk. */
  const failsWith = async (dirs: string[], ...messages: string[]) => {
    for (const onDisk of [false, true]) {
      const { code, stdout } = await verify(dirs, { onDisk });
      expect(code, stdout).toBe(1);
      expect(stdout).toContain("verdict          FAILED");
      for (const message of messages) expect(stdout).toContain(message);
    }
  };
  const walletCredit = (events: any[]) => events.findIndex((e) => e.type === "WalletCredited");

  it("a changed event: the file's digest, and the event's hash even when the manifest is signed again", async () => {
    const change = (events: any[]) => {
      const i = walletCredit(events);
      events[i] = { ...events[i], data: { ...events[i].data, main: events[i].data.main + 100 } };
      return events;
    };
    await tamperedCopy(full, copy("changed"), change);
    await failsWith(
      [copy("changed")],
      "its SHA-256 is not the manifest's",
      "hash does not match the event's content",
    );
    await tamperedCopy(full, copy("changed-signed"), change, operator.privateKey);
    const { stdout } = await verify([copy("changed-signed")]);
    expect(stdout).not.toContain("SHA-256 is not the manifest's");
    await failsWith([copy("changed-signed")], "hash does not match the event's content");
  });

  it("a changed event with its hash recomputed breaks the next event's link and the stream's head", async () => {
    const { eventHash } = await import("../../../tools/verify-export/lib/chain.mjs" as string);
    let later = false;
    await tamperedCopy(
      full,
      copy("rehashed"),
      (events) => {
        const i = walletCredit(events);
        later = events.slice(i + 1).some((e) => e.streamId === events[i].streamId);
        const changed = {
          ...events[i],
          data: { ...events[i].data, main: events[i].data.main + 100 },
        };
        changed.hash = eventHash(changed);
        events[i] = changed;
        return events;
      },
      operator.privateKey,
    );
    await failsWith(
      [copy("rehashed")],
      "main and bonus do not add up",
      later ? "prevHash is not the previous event's hash" : "its head is revision",
    );
  });

  it("a draw whose recorded outcome is not the one its seeds give, rehashed and signed again", async () => {
    const { eventHash } = await import("../../../tools/verify-export/lib/chain.mjs" as string);
    await tamperedCopy(
      full,
      copy("unfair"),
      (events) => {
        const i = events.findIndex((e) => e.type === "RoundSettled" && e.data.draw?.outcome);
        const draw = {
          ...events[i].data.draw,
          outcome: events[i].data.draw.outcome === "H" ? "T" : "H",
        };
        events[i] = { ...events[i], data: { ...events[i].data, draw } };
        events[i].hash = eventHash(events[i]);
        return events;
      },
      operator.privateKey,
    );
    await failsWith([copy("unfair")], "seeds give");
  });

  it("a safer-play event rehashed and signed again: a deposit counted of a negative amount, a type no one knows", async () => {
    const { eventHash } = await import("../../../tools/verify-export/lib/chain.mjs" as string);
    await tamperedCopy(
      full,
      copy("safer-play"),
      (events) => {
        const i = events.findIndex((e) => e.type === "DepositCounted");
        events[i] = { ...events[i], data: { ...events[i].data, amount: -100 } };
        events[i].hash = eventHash(events[i]);
        const j = events.findIndex((e) => e.type === "PlayBreakTaken");
        events[j] = { ...events[j], type: "PlayBreakLifted" };
        events[j].hash = eventHash(events[j]);
        return events;
      },
      operator.privateKey,
    );
    await failsWith(
      [copy("safer-play")],
      "DepositCounted of -100",
      "unknown event type PlayBreakLifted",
    );
  });

  it("a removed, a reordered and an inserted event", async () => {
    await tamperedCopy(
      full,
      copy("removed"),
      (events) => {
        // An event with a later one in its stream: the gap shows in the chain itself.
        const i = events.findIndex((e, at) =>
          events.slice(at + 1).some((l) => l.streamId === e.streamId),
        );
        return events.filter((_, at) => at !== i);
      },
      operator.privateKey,
    );
    await failsWith([copy("removed")], "which never came (event removed?)");
    await tamperedCopy(
      full,
      copy("reordered"),
      (events) => {
        [events[3], events[4]] = [events[4], events[3]];
        return events;
      },
      operator.privateKey,
    );
    await failsWith([copy("reordered")], "out of order");
    await tamperedCopy(
      full,
      copy("inserted"),
      (events) => [...events.slice(0, 8), events[7], ...events.slice(8)],
      operator.privateKey,
    );
    await failsWith([copy("inserted")], "revision follows");
  });

  it("passes when a stream's later revision comes first in the global order, as commits can", async () => {
    // A group commit that wrote first and committed last holds a stream's revision n + 1 at an
    // earlier global position than revision n, committed meanwhile by another transaction.
    await tamperedCopy(
      full,
      copy("commit-order"),
      (events) => {
        const i = events.findIndex(
          (e, at) =>
            e.streamId.startsWith("wallet-") &&
            events.slice(at + 1).some((l) => l.streamId === e.streamId),
        );
        const j = events.findIndex((e, at) => at > i && e.streamId === events[i].streamId);
        const swap = (i: number, j: number) => {
          const [early, late] = [events[i], events[j]];
          events[i] = { ...late, position: early.position };
          events[j] = { ...early, position: late.position };
        };
        swap(i, j);
        // A round settled (its stream let go then) before the stake just before it.
        const k = events.findIndex((e) => e.type === "RoundSettled");
        swap(
          events.findLastIndex((e, at) => at < k && e.streamId === events[k].streamId),
          k,
        );
        return events;
      },
      operator.privateKey,
    );
    for (const onDisk of [false, true]) {
      const { code, stdout } = await verify([copy("commit-order")], { onDisk });
      expect(stdout).toContain("verdict          OK");
      expect(code).toBe(0);
    }
  });

  it("an event after a round's settlement linked to nothing, its heads and manifest signed again", async () => {
    const { eventHash } = await import("../../../tools/verify-export/lib/chain.mjs" as string);
    const dir = copy("after-settled");
    let round = "";
    await tamperedCopy(
      full,
      dir,
      (events) => {
        const settled = events.find((e) => e.type === "RoundSettled");
        round = settled.streamId;
        const [major] = events.at(-1).position.split(":");
        const after = {
          ...settled,
          id: randomUUID(),
          type: "StakesClosed",
          data: {},
          revision: settled.revision + 1,
          prevHash: "f".repeat(64),
          position: `${Number(major) + 1}:1`,
        };
        after.hash = eventHash(after);
        return [...events, after];
      },
      operator.privateKey,
    );
    // The heads say the round now ends there, as a rewriter of history would write them.
    const events = await exportedEvents(dir);
    const last = events.at(-1);
    const text = gunzipSync(await readFile(path.join(dir, "heads.jsonl.gz"))).toString("utf8");
    const heads = text
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const head = JSON.parse(line);
        return head.streamId === round
          ? { ...head, revision: last.revision, hash: last.hash }
          : head;
      });
    const bytes = gzipSync(heads.map((head) => `${JSON.stringify(head)}\n`).join(""));
    await writeFile(path.join(dir, "heads.jsonl.gz"), bytes);
    const manifest = await readManifest(dir);
    manifest.heads.sha256 = createHash("sha256").update(bytes).digest("hex");
    await writeSignedManifest(dir, manifest, operator.privateKey);
    await failsWith([dir], `${round}@${last.revision}: prevHash is not the previous event's hash`);
  });

  it("a missing stream, even with the manifest signed again", async () => {
    await tamperedCopy(
      full,
      copy("missing"),
      (events) => {
        const gone = events.find((e) => e.streamId.startsWith("charge-"))!.streamId;
        return events.filter((e) => e.streamId !== gone);
      },
      operator.privateKey,
    );
    await failsWith([copy("missing")], "(stream missing)");
  });

  it("an edited manifest, another key, a truncated file", async () => {
    await tamperedCopy(full, copy("edited"), (events) => events);
    const manifest = await readManifest(copy("edited"));
    manifest.events.count += 1;
    await writeFile(
      path.join(copy("edited"), "manifest.json"),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    await failsWith([copy("edited")], "signature does not verify");

    await tamperedCopy(full, copy("stranger"), (events) => events);
    const theirs = await readManifest(full);
    await writeSignedManifest(copy("stranger"), theirs, stranger.privateKey);
    await failsWith([copy("stranger")], "signature does not verify");
    // Their manifest naming their own key: whole in itself, but not the operator's.
    const { createPublicKey, createHash } = await import("node:crypto");
    const key = createPublicKey(stranger.publicKey);
    theirs.key = {
      algorithm: "Ed25519",
      publicKey: stranger.publicKey,
      fingerprint: createHash("sha256")
        .update(key.export({ type: "spki", format: "der" }))
        .digest("hex"),
    };
    await writeSignedManifest(copy("stranger"), theirs, stranger.privateKey);
    await failsWith([copy("stranger")], "signature does not verify", "the manifest names key");
    expect((await verify([copy("stranger")], { key: "" })).code).toBe(0); // without the operator's key

    await tamperedCopy(full, copy("truncated"), (events) => events);
    const file = path.join(copy("truncated"), "events.jsonl.gz");
    const { size } = await import("node:fs").then((fs) => fs.statSync(file));
    await truncate(file, Math.floor(size / 2));
    await failsWith([copy("truncated")], "truncated or damaged");
  });

  it("an event spliced in from another ledger's export", async () => {
    const other = await createTestLedger();
    try {
      await generateLedgerActivity(other.ledger);
      await readEverything(other.store, other.pool);
      const theirs = path.join(work, "other");
      const done = await tool("game-server/src/cli/export-ledger.ts", ["--out", theirs], {
        DATABASE_URL: other.url,
      });
      expect(done.code).toBe(0);
      const exported = await exportedEvents(theirs);
      const credit = exported.find((e) => e.type === "WalletCredited")!;
      // The credit with its wallet's events before it (DepositCounted, when the deposit was
      // requested): a chain whole in itself, so the money check reaches the credit.
      const foreign = exported
        .filter((e) => e.streamId === credit.streamId && e.revision <= credit.revision)
        .map((e, i) => ({ ...e, position: `999999999:${i + 1}` }));
      expect(foreign.length).toBe(credit.revision + 1);
      await tamperedCopy(
        full,
        copy("spliced"),
        (events) => [...events, ...foreign],
        operator.privateKey,
      );
      await failsWith([copy("spliced")], "has events but no head", "which was never sent");
    } finally {
      await other.close();
    }
  });
});

describe("exports in a chain", () => {
  it("a period export continues the one before it; together they verify like the whole", async () => {
    const events = await exportedEvents(full);
    const middle = events[Math.floor(events.length / 2)].position;
    const first = path.join(work, "part-1");
    const second = path.join(work, "part-2");
    expect(
      (await tool("game-server/src/cli/export-ledger.ts", ["--out", first, "--through", middle]))
        .code,
    ).toBe(0);
    expect(
      (await tool("game-server/src/cli/export-ledger.ts", ["--out", second, "--previous", first]))
        .code,
    ).toBe(0);
    const link = (await readManifest(second)).previous;
    expect(link.lastPosition).toBe(middle);

    const whole = await verify([full]);
    const parts = await verify([first, second]);
    expect(parts.stdout).toContain("verdict          OK");
    const figures = (text: string) =>
      text.split("\n").filter((l) => /money in|money out|house result|fair draws/.test(l));
    expect(figures(parts.stdout)).toEqual(figures(whole.stdout));
    // The streams' ends in the first export kept on disk for the second, the open streams
    // spilled across both: the same report.
    expect((await verify([first, second], { onDisk: true })).stdout).toBe(parts.stdout);

    const alone = await verify([second]);
    expect(alone.stdout).toContain(
      "not checked: the export does not start at the ledger's first event",
    );
    expect(alone.code).toBe(0);
    const { code, stdout } = await verify([full, second]);
    expect(code).toBe(1);
    expect(stdout).toContain("does not continue the export given before it");
  });
});

describe("the auditing tools need no secret and write nothing", () => {
  it("audit and export create no data directory and generate no secret", async () => {
    const dataDir = path.join(work, "no-such-data-dir");
    const audited = await tool("game-server/src/cli/audit.ts", [], { DATA_DIR: dataDir });
    expect(audited.stdout).toContain("Ledger audit");
    const exported = await tool(
      "game-server/src/cli/export-ledger.ts",
      ["--out", path.join(work, "x")],
      { DATA_DIR: dataDir },
    );
    expect(exported.code).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("their connections refuse any write", async () => {
    const { openReadOnlyDatabase } = await import("../../src/cli/read-only-database.ts");
    const database = await openReadOnlyDatabase({
      DATABASE_URL: t.url,
      DATA_DIR: path.join(work, "ro"),
    });
    try {
      expect(
        (await database.pool.query("SELECT count(*)::int AS n FROM ledger_events")).rows[0].n,
      ).toBeGreaterThan(0);
      await expect(database.pool.query("DELETE FROM checkpoints")).rejects.toThrow(
        /read-only transaction/,
      );
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(work, "ro"))).toBe(false);
  });

  it("without DATABASE_URL and no platform database, says what it needs and creates nothing", async () => {
    const dataDir = path.join(work, "empty-data-dir");
    const { code, stderr } = await tool("game-server/src/cli/audit.ts", [], {
      DATABASE_URL: "",
      DATA_DIR: dataDir,
    });
    expect(code).toBe(1);
    expect(stderr).toContain("No database to read: set DATABASE_URL");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("without a signing key the export refuses before reading anything", async () => {
    const out = path.join(work, "unsigned");
    const { code, stderr } = await tool("game-server/src/cli/export-ledger.ts", ["--out", out], {
      LEDGER_EXPORT_KEY_FILE: "",
    });
    expect(code).toBe(1);
    expect(stderr).toContain("No signing key");
    expect(existsSync(out)).toBe(false);
  });
});

describe("the operator's key pair", () => {
  it("is written into a folder made for it, and never over a pair already there", async () => {
    const keys = path.join(work, "keys", "2026");
    const made = await tool("game-server/src/cli/export-key.ts", ["--out", keys]);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("Fingerprint");
    expect((await stat(keys)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(keys, "ledger-export-key.pem"))).mode & 0o777).toBe(0o600);
    const first = await readFile(path.join(keys, "ledger-export-key.pem"), "utf8");
    createPrivateKey(first); // a key, whole

    const again = await tool("game-server/src/cli/export-key.ts", ["--out", keys]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already: nothing written.");
    expect(await readFile(path.join(keys, "ledger-export-key.pem"), "utf8")).toBe(first);
  });
});

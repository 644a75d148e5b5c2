import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chainHash, eventBody } from "@igp/ledger";
import { createAgent, createAuditor, eventually } from "@igp/test-support/agents.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The auditor (docs/security.md): created by the superAdmin, reads the back office's lists,
 * reports and the ledger explorer, is refused every write (403, logged), and every request it
 * makes is in the staff activity log with its address. Players' names and phones reach it
 * masked until the superAdmin grants personal data. The explorer's pages and balance as of.
 */
let server: TestServer;
let root: string;
let alice: Awaited<ReturnType<typeof signUpPlayer>>;
let auditor: Awaited<ReturnType<typeof createAuditor>>;
let depositId: string;
let day: string;
const AUDITOR_IP = "196.188.30.3";

const asAuditor = {
  get: (path: string) =>
    server.call("GET", path, { token: auditor.token, headers: { "x-forwarded-for": AUDITOR_IP } }),
  post: (path: string, body: unknown = {}) =>
    server.call("POST", path, {
      token: auditor.token,
      body,
      headers: { "x-forwarded-for": AUDITOR_IP },
    }),
};
const asRoot = (path: string) => server.call("GET", path, { token: root });

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  root = (await signInSuperAdmin(server)).token;
  const bank = form(
    { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  expect((await server.call("POST", "/api/banks/create", { token: root, body: bank })).status).toBe(
    201,
  );
  alice = await signUpPlayer(server, "Alice Tadesse");
  // Alice's wallet: registration confirms her age (revision 0, AgeConfirmed), a bonus (1), a
  // bank deposit requested (2, DepositCounted) and approved (3, WalletCredited, main), a second
  // request left pending (4, DepositCounted). Safer play moves no money.
  expect(
    (
      await server.call("POST", "/api/admin/bonus/grant", {
        token: root,
        body: { userId: alice.userId, amount: 100 },
      })
    ).status,
  ).toBe(200);
  const deposit = async (amount: number, reference: string) => {
    const body = form(
      { method: "CBE", amount, accountNumber: "100200", transactionId: reference },
      { field: "screenshot", bytes: await pngImage() },
    );
    const answer = await server.call("POST", "/api/wallet/deposit/request", {
      token: alice.token,
      body,
    });
    expect(answer.status).toBe(201);
    return answer.body.transactionId as string;
  };
  const approved = await deposit(500, "FT26A001");
  expect(
    (
      await server.call("POST", `/api/admin/deposit/approve/${approved}`, {
        token: root,
        body: {},
      })
    ).status,
  ).toBe(200);
  // The credit reaches the wallet through the transfer reactor: awaited before the second
  // request, so the wallet's revisions come in the order above.
  await eventually(
    () => asRoot(`/api/admin/ledger/balance?stream=wallet-${alice.userId}`),
    (answer) => answer.body.balances?.main === 500,
  );
  depositId = await deposit(70, "FT26A002"); // left pending: the auditor tries to decide it
  auditor = await createAuditor(server, root);
  const zone = (await asRoot("/api/admin/reports/settings")).body.timeZone as string;
  day = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
}, 120_000);
afterAll(() => server?.stop());

describe("the auditor", () => {
  it("is created by the superAdmin only, and listed with its grant", async () => {
    const agent = await createAgent(server, root);
    const byAgent = await server.call("POST", "/api/admin/auditors/create", {
      token: agent.token,
      body: { fullName: "Not Allowed", email: "na@example.com", password: "auditor-pass-1" },
    });
    expect(byAgent.status).toBe(403);
    const list = await asRoot("/api/admin/auditors");
    expect(list.body.auditors).toEqual([
      expect.objectContaining({ id: auditor.id, fullName: "Audit Firm", personalData: false }),
    ]);
    const again = await server.call("POST", "/api/admin/auditors/create", {
      token: root,
      body: { fullName: "Audit Firm", email: auditor.email, password: "auditor-pass-1" },
    });
    expect(again.status).toBe(409);
    const signedIn = await asAuditor.get("/api/login/user");
    expect(signedIn.body.role ?? signedIn.body.user?.role).toBe("auditor");
  });

  it("reads the back office's lists, reports and dashboard, names and phones masked", async () => {
    for (const path of [
      "/api/admin/dashboard/stats",
      "/api/admin/dashboard/series",
      "/api/admin/transactions",
      "/api/admin/withdraw/requests",
      "/api/admin/charge/requests",
      `/api/admin/reports/games?from=${day}&to=${day}`,
      `/api/admin/reports/agents?from=${day}&to=${day}`,
    ])
      expect((await asAuditor.get(path)).status, path).toBe(200);
    const requests = await asAuditor.get("/api/admin/deposit/requests");
    expect(requests.status).toBe(200);
    const text = JSON.stringify(requests.body);
    expect(text).not.toContain("Alice Tadesse");
    expect(text).not.toContain(alice.phone.slice(2));
    expect(text).toContain("A***");
    const ticking = await asAuditor.get(
      `/api/admin/reports/money/deposits?day=${day}&bankName=CBE`,
    );
    expect(ticking.body.deposits[0].playerName).toMatch(/^A\*+$/);
    expect(ticking.body.deposits[0].playerPhone).toMatch(/^\*+\d\d$/);
    const csv = await asAuditor.get(
      `/api/admin/reports/money/deposits/export?day=${day}&bankName=CBE`,
    );
    expect(csv.status).toBe(200);
    expect(csv.body).not.toContain("Alice");
    expect(csv.body).toContain("A*");
    // The superAdmin sees them all the while.
    expect(JSON.stringify((await asRoot("/api/admin/deposit/requests")).body)).toContain(
      "Alice Tadesse",
    );
    // Players' own accounts are not an auditor's screens.
    expect((await asAuditor.get("/api/admin/players")).status).toBe(403);
    expect((await asAuditor.get("/api/admin/activity")).status).toBe(403);
  });

  it("sees names and phones once granted personal data, masked again once withdrawn", async () => {
    const grant = (personalData: boolean) =>
      server.call("POST", `/api/admin/auditors/${auditor.id}/personal-data`, {
        token: root,
        body: { personalData },
      });
    expect((await grant(true)).body.personalData).toBe(true);
    const ticking = await asAuditor.get(
      `/api/admin/reports/money/deposits?day=${day}&bankName=CBE`,
    );
    expect(ticking.body.deposits[0].playerName).toBe("Alice Tadesse");
    expect(JSON.stringify((await asAuditor.get("/api/admin/deposit/requests")).body)).toContain(
      "Alice Tadesse",
    );
    expect((await grant(false)).body.personalData).toBe(false);
    expect(JSON.stringify((await asAuditor.get("/api/admin/deposit/requests")).body)).not.toContain(
      "Alice Tadesse",
    );
    const log = await asRoot(
      `/api/admin/activity?from=${day}&to=${day}&action=auditor.personal_data`,
    );
    expect(log.body.entries.map((e: { detail: string }) => e.detail)).toEqual([
      "withdrawn",
      "granted",
    ]);
    expect(
      (
        await server.call(
          "POST",
          "/api/admin/auditors/00000000-0000-4000-8000-000000000000/personal-data",
          {
            token: root,
            body: { personalData: true },
          },
        )
      ).status,
    ).toBe(404);
  });

  it("is refused every write, changes nothing, and each refusal is logged with its address", async () => {
    const writes: [string, unknown][] = [
      [`/api/admin/deposit/approve/${depositId}`, {}],
      [`/api/admin/disapprove/${depositId}`, {}],
      ["/api/admin/bonus/grant", { userId: alice.userId, amount: 5 }],
      [`/api/admin/users/status/${alice.userId}`, {}],
      ["/api/settings", {}],
      ["/api/user/update/profile", { fullName: "Changed Name" }],
      [
        "/api/admin/auditors/create",
        { fullName: "Self Made", email: "s@example.com", password: "auditor-pass-1" },
      ],
    ];
    for (const [path, body] of writes) {
      const answer = await asAuditor.post(path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.message, path).toMatch(/read|not allowed/i);
    }
    // Nothing moved: the deposit still pending, the balance as it was, the player active.
    const pending = (await asRoot("/api/admin/deposit/requests")).body;
    expect(JSON.stringify(pending)).toContain(depositId);
    const balance = await asRoot(`/api/admin/ledger/balance?stream=wallet-${alice.userId}`);
    expect(balance.body.balances).toEqual({ main: 500, bonus: 100 });

    const refused = await asRoot(
      `/api/admin/activity?from=${day}&to=${day}&action=auditor.refused&staffId=${auditor.id}`,
    );
    const targets = refused.body.entries.map((e: { target: { id: string } }) => e.target.id);
    for (const [path] of writes) expect(targets).toContain(`POST ${path}`);
    expect(refused.body.entries[0]).toMatchObject({
      staff: { id: auditor.id, name: "Audit Firm", role: "auditor" },
      ip: AUDITOR_IP,
      source: "access",
    });
    expect(refused.body.staff.map((s: { id: string }) => s.id)).toContain(auditor.id);
  });

  it("has every read in the activity log: who, what, when, from where", async () => {
    const before = Date.now();
    await asAuditor.get("/api/admin/transactions?page=1");
    const reads = await asRoot(
      `/api/admin/activity?from=${day}&to=${day}&action=auditor.read&staffId=${auditor.id}`,
    );
    const entry = reads.body.entries[0];
    expect(entry).toMatchObject({
      action: "auditor.read",
      target: { kind: "route", id: "GET /api/admin/transactions?page=1" },
      ip: AUDITOR_IP,
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1_000);
    const csv = await server.call(
      "GET",
      `/api/admin/activity/export?from=${day}&to=${day}&action=auditor.read`,
      { token: root },
    );
    expect(csv.body).toContain("GET /api/admin/transactions?page=1");
  });
});

describe("the ledger explorer", () => {
  it("lists streams by kind with their head hash and masked owner", async () => {
    const wallets = await asAuditor.get(
      `/api/admin/ledger/streams?kind=wallet&search=${alice.userId.slice(0, 8)}`,
    );
    expect(wallets.status).toBe(200);
    expect(wallets.body.streams).toEqual([
      expect.objectContaining({
        streamId: `wallet-${alice.userId}`,
        kind: "wallet",
        events: 5,
        owner: { id: alice.userId, fullName: expect.stringMatching(/^A\*+$/) },
      }),
    ]);
    const deposits = await asAuditor.get("/api/admin/ledger/streams?kind=deposit");
    expect(deposits.body.streams).toHaveLength(2);
    expect((await asAuditor.get("/api/admin/ledger/streams?kind=nothing")).status).toBe(400);
    expect((await asAuditor.get("/api/admin/ledger/streams?kind=wallet&search=%25")).status).toBe(
      400,
    );
  });

  it("lists the lotteries' round streams apart, and among the rounds with their game", async () => {
    expect((await asAuditor.get("/api/admin/ledger/streams?kind=lottery")).body.streams).toEqual(
      [],
    );
    await createLottery(server);
    let lotteries: any;
    await expect
      .poll(async () => {
        lotteries = (await asAuditor.get("/api/admin/ledger/streams?kind=lottery")).body;
        return lotteries.streams.length;
      })
      .toBe(1);
    const [lottery] = lotteries.streams;
    expect(lottery).toMatchObject({ kind: "round", game: "lottery", owner: null });
    expect(lotteries.totalPages).toBe(1);
    const rounds = await asAuditor.get("/api/admin/ledger/streams?kind=round");
    expect(rounds.body.streams).toContainEqual(lottery);
    const other = await asAuditor.get(
      `/api/admin/ledger/streams?kind=lottery&search=${lottery.streamId.startsWith("round-0") ? "1" : "0"}`,
    );
    expect(other.body.streams).toEqual([]);
  });

  it("pages a stream's events, whose hashes chain as the server computes them", async () => {
    const stream = `wallet-${alice.userId}`;
    const events = [];
    let from: number | null = 0;
    while (from !== null) {
      const page = await asAuditor.get(
        `/api/admin/ledger/streams/${stream}/events?from=${from}&limit=1`,
      );
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(5);
      events.push(...page.body.events);
      from = page.body.next;
    }
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    let prev = "0".repeat(64);
    for (const event of events) {
      expect(event.prevHash).toBe(prev);
      expect(event.hash).toBe(chainHash(prev, stream, event.revision, eventBody(event)));
      prev = event.hash;
    }
    expect(events.map((e) => e.type)).toEqual([
      "AgeConfirmed",
      "BonusGranted",
      "DepositCounted",
      "WalletCredited",
      "DepositCounted",
    ]);
    expect(
      (await asAuditor.get(`/api/admin/ledger/streams/wallet-${crypto.randomUUID()}/events`))
        .status,
    ).toBe(404);
    expect(
      (await asAuditor.get(`/api/admin/ledger/streams/${stream}/events?limit=1000`)).status,
    ).toBe(400);
    expect((await asAuditor.get("/api/admin/ledger/streams/nope-1/events")).status).toBe(400);
  });

  it("replays a wallet's balance as of an event or a moment", async () => {
    const stream = `wallet-${alice.userId}`;
    const at = (query: string) =>
      asAuditor.get(`/api/admin/ledger/balance?stream=${stream}&${query}`);
    // Each revision's balances, and nothing but balances (safer play is not money).
    const expected = [
      { main: 0, bonus: 0 }, // AgeConfirmed
      { main: 0, bonus: 100 }, // BonusGranted
      { main: 0, bonus: 100 }, // DepositCounted: counted against limits, no money yet
      { main: 500, bonus: 100 }, // WalletCredited
      { main: 500, bonus: 100 }, // DepositCounted of the pending request
    ];
    for (const [revision, balances] of expected.entries()) {
      const answer = (await at(`revision=${revision}`)).body;
      expect(answer.revision).toBe(revision);
      expect(answer.balances).toEqual(balances);
    }
    const head = (await at("revision=99")).body;
    expect(head).toMatchObject({ revision: 4, balances: { main: 500, bonus: 100 } });
    const bonus = (await asAuditor.get(`/api/admin/ledger/streams/${stream}/events?from=1&limit=1`))
      .body.events[0];
    expect(bonus.type).toBe("BonusGranted");
    expect((await at(`at=${encodeURIComponent(bonus.recordedAt)}`)).body).toMatchObject({
      revision: 1,
      hash: bonus.hash,
      balances: { main: 0, bonus: 100 },
    });
    expect((await at("at=2000-01-01T00:00:00Z")).body).toMatchObject({
      revision: null,
      balances: { main: 0, bonus: 0 },
    });
    expect((await at("revision=1&at=2000-01-01T00:00:00Z")).status).toBe(400);
    expect((await at("at=yesterday")).status).toBe(400);
    const deposit = await asAuditor.get(`/api/admin/ledger/balance?stream=deposit-${depositId}`);
    expect(deposit.status).toBe(400);
    const unknown = await asAuditor.get(
      `/api/admin/ledger/balance?stream=agent-${crypto.randomUUID()}`,
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the export button", () => {
  const run = promisify(execFile);
  const VERIFY = path.resolve(import.meta.dirname, "../../../tools/verify-export/verify.mjs");
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "igp-download-"));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  /** Downloads an export as the browser does, unpacks it with tar, returns its directory. */
  async function download(query: string, token: string, into: string) {
    const answer = await fetch(`${server.url}/api/admin/ledger/export${query}`, {
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": AUDITOR_IP },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/x-tar");
    const name = /filename="(.+)\.tar"/.exec(answer.headers.get("content-disposition")!)![1]!;
    const dir = path.join(work, into);
    await rm(dir, { recursive: true, force: true });
    await run("mkdir", ["-p", dir]);
    await writeFile(path.join(dir, "export.tar"), Buffer.from(await answer.arrayBuffer()));
    await run("tar", ["xf", "export.tar"], { cwd: dir });
    return path.join(dir, name);
  }

  async function verify(dirs: string[], options: string[] = []) {
    const key = (await server.call("GET", "/api/fair/download-key")).body;
    const keyFile = path.join(work, "download.pub.pem");
    await writeFile(keyFile, key.publicKey);
    return run("node", [VERIFY, ...options, "--public-key", keyFile, ...dirs], { env: {} }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  }

  it("gives the auditor the whole ledger, signed by the published download key, that the offline verifier passes", async () => {
    const dir = await download("", auditor.token, "whole");
    expect((await readdir(dir)).sort()).toEqual([
      "events.jsonl.gz",
      "heads.jsonl.gz",
      "manifest.json",
      "manifest.sig",
    ]);
    const { code, stdout } = await verify([dir]);
    expect(stdout).toContain("verdict          OK");
    expect(stdout).toContain("money conserved");
    expect(code).toBe(0);
    // Alice's approved deposit and bonus are in it: her balance is the explorer's.
    const balances = await verify([dir], ["--balances"]);
    expect(balances.stdout).toContain(`wallet-${alice.userId} main 500.00 bonus 100.00`);
  });

  it("gives a period of it (today, in the operator's time zone), checked for signature and chains", async () => {
    const dir = await download(`?from=${day}&to=${day}`, auditor.token, "today");
    const { code, stdout } = await verify([dir]);
    expect(stdout).toContain("verdict          OK");
    expect(code).toBe(0);
    const before = await download(`?to=2020-01-01`, root, "before");
    expect((await verify([before])).stdout).toContain("events           0");
  });

  it("is logged for the auditor, refused to players and agents, and a reversed range is refused", async () => {
    const reads = await asRoot(
      `/api/admin/activity?from=${day}&to=${day}&action=auditor.read&staffId=${auditor.id}`,
    );
    expect(reads.body.entries.map((entry: any) => entry.target.id)).toContain(
      `GET /api/admin/ledger/export?from=${day}&to=${day}`,
    );
    const agent = await createAgent(server, root);
    for (const token of [alice.token, agent.token])
      expect((await server.call("GET", "/api/admin/ledger/export", { token })).status).toBe(403);
    const reversed = await asAuditor.get("/api/admin/ledger/export?from=2026-02-02&to=2026-02-01");
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain(
      "The start date must not be after the end date.",
    );
    expect((await asAuditor.get("/api/admin/ledger/export?from=2026-13-01")).status).toBe(400);
  });
});

describe("a blocked auditor", () => {
  it("is refused at once, and reads again once unblocked and signed in", async () => {
    const status = () =>
      server.call("POST", `/api/admin/users/status/${auditor.id}`, { token: root, body: {} });
    expect((await status()).body.status).toBe("blocked");
    const refused = await asAuditor.get("/api/admin/ledger/streams?kind=wallet");
    expect(refused).toMatchObject({ status: 403, body: { message: "Your account is blocked." } });
    expect((await status()).body.status).toBe("active");
    const again = await server.call("POST", "/api/auth/user/login", {
      body: { phone: auditor.email, password: auditor.password },
    });
    const list = await server.call("GET", "/api/admin/ledger/streams?kind=wallet", {
      token: again.body.token,
    });
    expect(list.status).toBe(200);
  });
});

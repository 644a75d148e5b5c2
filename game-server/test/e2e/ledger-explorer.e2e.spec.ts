import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { seriousViolations } from "@igp/test-support/axe.ts";
import {
  hasChromium,
  signInContext,
  signInThroughForm,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { fundedPlayer, nextMessage, seed, watchRound } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DESKTOP = { width: 1280, height: 800 };
const run = promisify(execFile);
const VERIFY = path.resolve(import.meta.dirname, "../../../tools/verify-export/verify.mjs");

/**
 * The auditor's journey in Chromium: the superAdmin creates an auditor on the Auditors screen;
 * the auditor signs in, sees only its screens, opens the ledger explorer, sees a wallet's chain
 * verified in the browser and its balance replayed, recomputes a coin flip's proof; in Amharic
 * too. Then an event is changed in the database behind the ledger's back: the explorer shows
 * the chain broken at that event. The superAdmin sees the auditor's reads in the activity log.
 */
describe.skipIf(!hasChromium)("ledger explorer (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let walletOf: string;
  /** The revision of the deposit's credit in Alice's wallet. */
  let credit: number;
  let roundStream: string;
  const email = `auditor-${randomUUID().slice(0, 6)}@example.com`;
  const password = "auditor-pass-1";

  beforeAll(async () => {
    journey = await startBrowserJourney("ledger-");
    server = journey.server;
    const alice = await fundedPlayer(server, 50_000, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 50_000, 0, "Bob Girma");
    walletOf = alice.userId;
    const created = await server.call("POST", "/api/game/private/create", {
      token: alice.token,
      body: {
        gameType: "coin-flip",
        access: "private",
        betAmount: 10,
        selectedSide: "H",
        clientSeed: seed(),
      },
    });
    expect(created.status).toBe(201);
    const room = await watchRound(server, alice.token, created.body.gameCode);
    const coin = nextMessage(room, "coin");
    const joined = await server.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code: created.body.gameCode, clientSeed: seed() },
    });
    expect(joined.status).toBe(200);
    await coin;
    await room.leave();
    // A pending bank deposit: the auditor sees it without the buttons to decide it.
    const deposit = await server.call("POST", "/api/wallet/deposit/request", {
      token: bob.token,
      body: form(
        { method: "CBE", amount: 99, accountNumber: "100200", transactionId: "FT26E001" },
        { field: "screenshot", bytes: await pngImage() },
      ),
    });
    expect(deposit.status).toBe(201);
    const { rows } = await server.platform.database.pool.query(
      "SELECT stream_id FROM ledger_events WHERE stream_id LIKE 'round-%' AND type = 'RoundSettled'",
    );
    roundStream = rows[0].stream_id;
    // Alice's wallet: her age confirmed at registration, the deposit counted, then its credit.
    const wallet = await server.platform.database.pool.query(
      "SELECT revision, type FROM ledger_events WHERE stream_id = $1 ORDER BY revision LIMIT 3",
      [`wallet-${walletOf}`],
    );
    expect(wallet.rows.map((r) => r.type)).toEqual([
      "AgeConfirmed",
      "DepositCounted",
      "WalletCredited",
    ]);
    credit = Number(wallet.rows[2].revision);
  }, 120_000);
  afterAll(() => journey?.stop());

  it("the superAdmin creates an auditor, who reads the ledger and sees it verified", async () => {
    const root = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(root, server.url, "root@example.com", "root-password-1");
    await root.getByRole("link", { name: "Auditors" }).click();
    await root.getByRole("button", { name: "Create auditor" }).click();
    await root.getByLabel("Full name").fill("Audit Firm");
    await root.getByLabel("Email").fill(email);
    await root.getByLabel("Password", { exact: true }).fill(password);
    await root.getByLabel("Confirm password").fill(password);
    await root.getByRole("button", { name: "Create", exact: true }).click();
    await root.getByRole("cell", { name: email }).waitFor();
    await expect
      .poll(() => root.locator("tbody tr", { hasText: email }).textContent())
      .toContain("Masked");
    await root.close();

    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(page, server.url, email, password);
    const menu = page.getByRole("navigation");
    await menu.getByRole("link", { name: "Ledger explorer" }).waitFor();
    expect(await menu.getByRole("link", { name: "Players" }).count()).toBe(0);
    expect(await menu.getByRole("link", { name: "Settings" }).count()).toBe(0);
    // Requests are read-only: no decision buttons.
    await menu.getByRole("link", { name: "Deposit Request" }).click();
    const pending = page.locator("tbody tr", { hasText: "FT26E001" });
    await expect.poll(() => pending.textContent()).toMatch(/B\*+/); // Bob Girma, masked
    expect(await pending.textContent()).not.toContain("Girma");
    expect(await page.getByRole("button", { name: /approve|disapprove/i }).count()).toBe(0);

    await menu.getByRole("link", { name: "Ledger explorer" }).click();
    await page.getByRole("heading", { name: "Ledger explorer", level: 1 }).waitFor();
    await page.getByLabel("Id starts with").fill(walletOf.slice(0, 8));
    await page.getByRole("button", { name: "Show" }).click();
    const row = page.locator("tbody tr", { hasText: `wallet-${walletOf}` });
    await expect.poll(() => row.textContent()).toMatch(/A\*+/); // the owner's name masked
    await row.getByRole("button", { name: "Open" }).click();
    const verdict = page.getByTestId("chain-verdict");
    await expect.poll(() => verdict.textContent()).toMatch(/^Chain verified in this browser/);
    await expect.poll(() => page.locator("tbody tr").first().textContent()).toContain("✓ Verified");

    await page.getByLabel("After revision").fill(String(credit - 1));
    await page.getByRole("button", { name: "Replay" }).first().click();
    await expect
      .poll(() => page.getByTestId("balance-result").textContent())
      .toMatch(new RegExp(`After revision ${credit - 1} .*Withdrawable\\D*0\\.00`));
    await page.getByLabel("After revision").fill(String(credit));
    await page.getByRole("button", { name: "Replay" }).first().click();
    await expect
      .poll(() => page.getByTestId("balance-result").textContent())
      .toMatch(new RegExp(`After revision ${credit} .*Withdrawable\\D*500\\.00`));
    await journey.shoot(page, "wallet-verified");

    await page.goto(`${server.url}/admin/dashboard/ledger?stream=${roundStream}`);
    await expect.poll(() => verdict.textContent()).toMatch(/^Chain verified/);
    await page.getByRole("button", { name: "Recompute the proof" }).click();
    await expect
      .poll(() => page.getByTestId("proof-verdict").textContent())
      .toBe("Proof recomputed in this browser: it matches.");
    expect(await page.locator("tbody tr", { hasText: "✗" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await journey.shoot(page, "round-proof");
    await page.close();
  });

  it("the auditor exports the ledger with the button; the offline verifier passes the download", async () => {
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: email, password },
    });
    const context = await journey.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    await signInContext(context, login.body.token);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard/ledger`);
    await page.getByRole("heading", { name: "Export for the offline verifier" }).waitFor();
    await page.getByLabel("From", { exact: true }).fill("2026-02-02");
    await page.getByLabel("To", { exact: true }).fill("2026-02-01");
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("The start date must not be after the end date.");
    await page.getByLabel("To", { exact: true }).fill("");
    await page.getByLabel("From", { exact: true }).fill("");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export the whole ledger" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ledger-export-start-to-\d{4}-\d\d-\d\d\.tar$/);
    const work = await mkdtemp(path.join(tmpdir(), "igp-e2e-export-"));
    try {
      await download.saveAs(path.join(work, "export.tar"));
      await run("tar", ["xf", "export.tar"], { cwd: work });
      const key = (await server.call("GET", "/api/fair/download-key")).body;
      await writeFile(path.join(work, "key.pem"), key.publicKey);
      const folder = download.suggestedFilename().replace(/\.tar$/, "");
      const { stdout } = await run("node", [VERIFY, "--public-key", "key.pem", folder], {
        cwd: work,
        env: {},
      });
      expect(stdout).toContain("verdict          OK");
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    await context.close();
  });

  it("reads in Amharic", async () => {
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: email, password },
    });
    const context = await journey.browser.newContext({ viewport: DESKTOP });
    await signInContext(context, login.body.token, { language: "am" });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard/ledger?stream=${roundStream}`);
    await page.getByRole("heading", { name: "የሂሳብ መዝገብ አሳሽ", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("chain-verdict").textContent()).toContain("ተረጋግጧል");
    await page.getByRole("button", { name: "ማረጋገጫውን እንደገና አስላ" }).click();
    await expect
      .poll(() => page.getByTestId("proof-verdict").textContent())
      .toBe("ማረጋገጫው በዚህ አሳሽ እንደገና ተሰልቷል፤ ይዛመዳል።");
    await page.goto(`${server.url}/admin/dashboard/ledger`);
    await page.getByRole("heading", { name: "ከመስመር ውጭ ለሚያረጋግጠው ወደ ውጭ መላክ" }).waitFor();
    await page.getByRole("link", { name: "ሙሉውን መዝገብ ወደ ውጭ ላክ" }).waitFor();
    await context.close();
  });

  it("shows an event changed in the database as a broken chain, and the reads in the log", async () => {
    const pool = server.platform.database.pool;
    const stream = `wallet-${walletOf}`;
    // Behind the ledger's back: its append-only trigger off for one change.
    await pool.query("ALTER TABLE ledger_events DISABLE TRIGGER ledger_events_append_only");
    await pool.query(
      `UPDATE ledger_events SET data = jsonb_set(data, '{amount}', '999999')
        WHERE stream_id = $1 AND revision = $2`,
      [stream, credit],
    );
    await pool.query("ALTER TABLE ledger_events ENABLE TRIGGER ledger_events_append_only");

    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(page, server.url, email, password);
    await page.goto(`${server.url}/admin/dashboard/ledger?stream=${stream}`);
    await expect
      .poll(() => page.getByTestId("chain-verdict").textContent())
      .toMatch(new RegExp(`^Chain broken at revision ${credit}\\b`));
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.nth(credit).textContent()).toContain("✗ Broken");
    expect(await rows.nth(credit - 1).textContent()).toContain("✓ Verified");
    await journey.shoot(page, "chain-broken");
    await page.close();

    const root = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(root, server.url, "root@example.com", "root-password-1");
    await root.getByRole("link", { name: "Activity log" }).click();
    await root.getByLabel("Action").selectOption({ label: "Auditor read" });
    await root.getByRole("button", { name: "Show" }).click();
    await expect
      .poll(() => root.locator("tbody").textContent())
      .toContain(`GET /api/admin/ledger/streams/${stream}/events`);
    await root.close();
  });
});

import { eventually } from "@igp/test-support/agents.ts";
import {
  hasChromium,
  signInContext,
  signInThroughForm,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { newTransactionId } from "@igp/test-support/deposits.ts";
import { signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import { distinctImage, form } from "@igp/test-support/images.ts";
import { RECEIPT_EDITS, receiptImage, receiptNumber } from "@igp/test-support/receipts.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DESKTOP = { width: 1280, height: 800 };

/**
 * An approver meets fraud signals in the browser (docs/fraud-signals.md): the superAdmin opens
 * a bank deposit whose receipt another player already sent (cropped and written on) with the
 * same reference, sees the signals first with the matching request and its status, is asked a
 * note, and approves with it; a deposit whose reference was already approved is refused until
 * the override; and the same step reads in Amharic.
 */
describe.skipIf(!hasChromium)("fraud signals (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let root: string;
  let reference: string;
  let receipt: Buffer;

  async function deposit(name: string, transactionId: string, image: Buffer) {
    const player = await signUpPlayer(server, name);
    const answer = await server.call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body: form(
        { method: "CBE", amount: 120, accountNumber: "100200", transactionId },
        { field: "screenshot", bytes: image },
      ),
    });
    expect(answer.status).toBe(201);
    const id = answer.body.transactionId as string;
    await eventually(
      () => server.call("GET", `/api/admin/deposit/signals/${id}`, { token: root }),
      (r) => r.status === 200,
    );
    return id;
  }

  beforeAll(async () => {
    journey = await startBrowserJourney("fraud-signals-");
    ({ server, root } = journey);
    reference = newTransactionId();
    receipt = await receiptImage(receiptNumber(7));
    await deposit("Hanna First", reference, receipt);
    await deposit("Kebede Again", reference, await RECEIPT_EDITS.cropped5Top(receipt));
  }, 120_000);
  afterAll(() => journey?.stop());

  /** The deposits list searched for one request, its row's Approve pressed. */
  async function openApproval(
    page: Awaited<ReturnType<typeof journey.browser.newPage>>,
    id: string,
  ) {
    await page.goto(`${server.url}/admin/dashboard/deposits?search=${id}`);
    const row = page.getByRole("row").filter({ hasText: "Kebede Again" });
    await row.getByRole("button", { name: "Approve", exact: true }).click();
  }

  it("shows the signals first, asks a note, and keeps it with the approval", async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(page, server.url, "root@example.com", "root-password-1");
    const { body } = await server.call("GET", `/api/admin/deposit/requests?search=${reference}`, {
      token: root,
    });
    const again = body.transactions.find(
      (t: { user: { fullName: string } }) => t.user.fullName === "Kebede Again",
    ).id as string;
    const first = body.transactions.find(
      (t: { user: { fullName: string } }) => t.user.fullName === "Hanna First",
    ).id as string;
    await openApproval(page, again);

    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Check before approving" }).waitFor();
    const signals = dialog.getByRole("list", { name: "Check before approving" });
    await expect
      .poll(() => signals.textContent())
      .toContain("The same transaction reference was used by another deposit request.");
    expect(await signals.textContent()).toContain(
      "The screenshot is the same as, or nearly identical to, another deposit request's.",
    );
    const link = signals.getByRole("link", { name: /Open the request of Hanna First/ }).first();
    expect(await link.getAttribute("href")).toBe(`/admin/dashboard/deposits?search=${first}`);
    expect(await signals.textContent()).toContain("Pending");

    // Approving despite the signals asks a note first.
    await dialog.getByRole("button", { name: "Continue to approve" }).click();
    await dialog
      .getByText("Please write a note before approving a request with these signals.")
      .waitFor();
    const note =
      "Called the player: one receipt, two accounts of one family. Paying the first only.";
    await dialog.getByLabel("Your note (why you approve anyway)").fill(note);
    await dialog.getByRole("button", { name: "Continue to approve" }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    await page.getByRole("row").filter({ hasText: "Kebede Again" }).getByText("Approved").waitFor();

    const events = await server.call(
      "GET",
      `/api/admin/ledger/streams/deposit-${again}/events?limit=10`,
      { token: root },
    );
    const approval = events.body.events.find(
      (e: { type: string }) => e.type === "BankDepositApproved",
    );
    expect(approval.metadata.note).toBe(note);

    // The first request now shares its reference with an approved one: refused unless overridden.
    await page.goto(`${server.url}/admin/dashboard/deposits?search=${first}`);
    await page
      .getByRole("row")
      .filter({ hasText: "Hanna First" })
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    await dialog.getByText("Refused unless overridden").first().waitFor();
    const proceed = dialog.getByRole("button", { name: "Continue to approve" });
    expect(await proceed.isDisabled()).toBe(true);
    await dialog.getByLabel("Override: approve this duplicate reference anyway").check();
    await dialog.getByLabel("Your note (why you approve anyway)").fill("The bank confirmed both.");
    await proceed.click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    await page.getByRole("row").filter({ hasText: "Hanna First" }).getByText("Approved").waitFor();
    await journey.shoot(page, "approved");
    await page.close();
  }, 120_000);

  it("shows signals about the player alone in the approval's question, asking no note", async () => {
    const id = await deposit("Fresh Player", newTransactionId(), await distinctImage());
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(page, server.url, "root@example.com", "root-password-1");
    await page.goto(`${server.url}/admin/dashboard/deposits?search=${id}`);
    await page
      .getByRole("row")
      .filter({ hasText: "Fresh Player" })
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    const question = page.getByRole("alertdialog", {
      name: "Approve ETB 120.00 for Fresh Player?",
    });
    await question
      .getByRole("list", { name: "Check before approving" })
      .getByText("The account was opened 0 hours before this request.")
      .waitFor();
    await question.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("row").filter({ hasText: "Fresh Player" }).getByText("Approved").waitFor();
    await page.close();
  }, 60_000);

  it("reads in Amharic", async () => {
    const id = await deposit("Selam Third", reference, await RECEIPT_EDITS.textAdded(receipt));
    const context = await journey.browser.newContext({ viewport: DESKTOP });
    await signInContext(context, root, { language: "am" });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard/deposits?search=${id}`);
    const row = page.getByRole("row").filter({ hasText: "Selam Third" });
    await row.getByRole("button", { name: "አጽድቅ", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "ከማጽደቅዎ በፊት ያረጋግጡ" }).waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain("ቅጽበታዊ ገጽ እይታው ከሌላ የገቢ ጥያቄ ጋር አንድ ነው ወይም በጣም ይመሳሰላል።");
    expect(await dialog.textContent()).toContain("ካልተሻረ ውድቅ ይሆናል");
    await dialog.getByRole("button", { name: "ይቅር" }).click();
    await context.close();
  }, 60_000);
});

import { FRAUD_MESSAGES, type FraudSignal } from "@igp/shared";
import { createAgent, eventually } from "@igp/test-support/agents.ts";
import { newTransactionId } from "@igp/test-support/deposits.ts";
import { balancesOf, fundedPlayer } from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { distinctImage, form, pngImage } from "@igp/test-support/images.ts";
import { RECEIPT_EDITS, receiptImage, receiptNumber } from "@igp/test-support/receipts.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Fraud signals on the approval of deposits and withdrawals (docs/fraud-signals.md): each signal
 * over HTTP, the refusal of a reference already approved, the superAdmin's override with its
 * note, and two approvals of one reference at once.
 */
let server: TestServer;
let root: string;

beforeAll(async () => {
  // Every player here signs up from loopback: a burst of sign-ups from one address would link
  // them all (linked-accounts.http.spec.ts tests that signal), so the burst is set out of reach.
  server = await startTestServer({ env: { LINKED_SIGN_UP_COUNT: "1000" } });
  root = (await signInSuperAdmin(server)).token;
  for (const [bankName, type, accountNumber] of [
    ["CBE", "deposit", "1000123456789"],
    ["Telebirr", "withdraw", undefined],
  ] as const) {
    const body = form(
      { bankName, type, ...(accountNumber && { accountNumber }) },
      { field: "bankLogo", bytes: await pngImage() },
    );
    expect((await server.call("POST", "/api/banks/create", { token: root, body })).status).toBe(
      201,
    );
  }
}, 180_000);
afterAll(() => server?.stop());

async function deposit(token: string, amount: number, transactionId: string, image?: Buffer) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId },
    { field: "screenshot", bytes: image ?? (await distinctImage()) },
  );
  const answer = await server.call("POST", "/api/wallet/deposit/request", { token, body });
  expect(answer.status).toBe(201);
  const id = answer.body.transactionId as string;
  // The back office reads the request from the read models.
  await eventually(
    () => server.call("GET", `/api/admin/deposit/signals/${id}`, { token: root }),
    (r) => r.status === 200,
  );
  return id;
}

const signalsOf = async (type: "deposit" | "withdraw", id: string, token = root) => {
  const answer = await server.call("GET", `/api/admin/${type}/signals/${id}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.signals as FraudSignal[];
};
const kinds = (signals: FraudSignal[]) => signals.map((s) => s.kind).sort();
const approve = (id: string, body: object = {}) =>
  server.call("POST", `/api/admin/deposit/approve/${id}`, { token: root, body });
const statusOf = async (id: string) => {
  const list = await server.call("GET", `/api/admin/deposit/requests?search=${id}`, {
    token: root,
  });
  return list.body.transactions.find((t: { id: string }) => t.id === id)?.status;
};

describe("deposit signals", () => {
  it("names another request with the same reference, exactly or once normalised, and a different amount", async () => {
    const first = await signUpPlayer(server, "First Player");
    const second = await signUpPlayer(server, "Second Player");
    const reference = newTransactionId();
    const original = await deposit(first.token, 100, reference);
    const exact = await deposit(second.token, 100, reference);
    const similar = await deposit(
      second.token,
      250,
      ` ${reference.toLowerCase().replace(/(..)/, "$1-")}.`,
    );

    const onExact = await signalsOf("deposit", exact);
    const sameRef = onExact.filter((s) => s.kind === "sameReference");
    expect(sameRef.map((s) => s.match?.id)).toEqual([original]);
    expect(sameRef[0]).toMatchObject({
      needsNote: true,
      blocking: false,
      match: {
        type: "deposit",
        status: "pending",
        amount: 100,
        user: { fullName: "First Player" },
      },
    });
    expect(sameRef[0]!.reason).toContain("same transaction reference");

    const onSimilar = await signalsOf("deposit", similar);
    expect(
      onSimilar
        .filter((s) => s.kind === "similarReference")
        .map((s) => s.match?.id)
        .sort(),
    ).toEqual([original, exact].sort());
    const mismatch = onSimilar.filter((s) => s.kind === "amountMismatch");
    expect(mismatch).toHaveLength(2);
    expect(mismatch[0]!.params).toMatchObject({ amount: "250.00", otherAmount: "100.00" });
    // The first deposit sees the later ones too: they use its reference.
    expect(kinds(await signalsOf("deposit", original))).toEqual(
      expect.arrayContaining(["sameReference", "similarReference", "amountMismatch"]),
    );
  });

  it("names another request whose screenshot is the same receipt re-saved, scaled, cropped or written on, and not a different receipt of the same app", async () => {
    const player = await signUpPlayer(server);
    const receipt = await receiptImage(receiptNumber(101));
    const original = await deposit(player.token, 60, newTransactionId(), receipt);
    const other = await signUpPlayer(server, "Other Player");
    for (const edit of [
      RECEIPT_EDITS.reencoded,
      RECEIPT_EDITS.cropped5Top,
      RECEIPT_EDITS.textAdded,
    ]) {
      const resent = await deposit(other.token, 60, newTransactionId(), await edit(receipt));
      const same = (await signalsOf("deposit", resent)).filter((s) => s.kind === "sameImage");
      expect(same.map((s) => s.match?.id)).toContain(original);
    }
    const different = await deposit(
      other.token,
      60,
      newTransactionId(),
      await receiptImage(receiptNumber(102)),
    );
    expect(kinds(await signalsOf("deposit", different))).not.toContain("sameImage");
  }, 120_000);

  it("tells requests per hour and a new account, about the player alone (no note needed)", async () => {
    const player = await signUpPlayer(server);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await deposit(player.token, 50, newTransactionId()));
    const first = await signalsOf("deposit", ids[0]!);
    expect(kinds(first)).toEqual(["newAccount"]);
    expect(first[0]).toMatchObject({ match: null, needsNote: false, params: { hours: 0 } });
    const third = await signalsOf("deposit", ids[2]!);
    expect(third.find((s) => s.kind === "velocity")).toMatchObject({
      params: { count: 3 },
      needsNote: false,
      reason: "The player made 3 requests of this kind in the hour up to this one.",
    });
  });

  it("are not shown to an agent for a bank deposit, nor for a request that does not exist", async () => {
    const agent = await createAgent(server, root);
    const player = await signUpPlayer(server);
    const id = await deposit(player.token, 50, newTransactionId());
    expect(
      (await server.call("GET", `/api/admin/deposit/signals/${id}`, { token: agent.token })).status,
    ).toBe(404);
    expect(
      (
        await server.call("GET", `/api/admin/deposit/signals/${crypto.randomUUID()}`, {
          token: root,
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call("GET", `/api/admin/deposit/signals/${id}`, { token: player.token }))
        .status,
    ).toBe(403);
  });
});

describe("withdrawal signals", () => {
  it("name another player's withdrawal to the same payout account, and velocity", async () => {
    const one = await fundedPlayer(server, 100_000, 0, "Payout One");
    const two = await fundedPlayer(server, 100_000, 0, "Payout Two");
    const withdraw = async (token: string, accountNumber: string) => {
      const answer = await server.call("POST", "/api/wallet/withdraw/request", {
        token,
        body: { amount: 60, method: "Telebirr", accountNumber, withdrawFromBonusBalance: false },
      });
      expect(answer.status).toBe(201);
      const id = answer.body.transaction.id as string;
      await eventually(
        () => server.call("GET", `/api/admin/withdraw/signals/${id}`, { token: root }),
        (r) => r.status === 200,
      );
      return id;
    };
    const first = await withdraw(one.token, "0911 223 344");
    const second = await withdraw(two.token, "0911-223-344");
    const own = await withdraw(two.token, "0911223344");
    const shared = (await signalsOf("withdraw", second)).filter(
      (s) => s.kind === "sharedPayoutAccount",
    );
    expect(shared.map((s) => s.match?.id)).toEqual([first]);
    expect(shared[0]).toMatchObject({
      needsNote: true,
      match: { type: "withdrawal", status: "pending", user: { fullName: "Payout One" } },
    });
    // The player's own earlier withdrawal to the account is no signal; the other player's is.
    expect(
      (await signalsOf("withdraw", own))
        .filter((s) => s.kind === "sharedPayoutAccount")
        .map((s) => s.match?.id),
    ).toEqual([first]);
    await withdraw(two.token, "1000200030");
    expect(kinds(await signalsOf("withdraw", own))).toContain("newAccount");
  });
});

describe("a reference an approved deposit used", () => {
  it("is refused, changing nothing, until the superAdmin overrides it with a note, kept in the approval's metadata", async () => {
    const player = await signUpPlayer(server);
    const cheat = await signUpPlayer(server, "Second Sender");
    const reference = newTransactionId();
    const first = await deposit(player.token, 80, reference);
    expect((await approve(first)).status).toBe(200);
    const again = await deposit(cheat.token, 80, reference.toLowerCase());
    const onAgain = await signalsOf("deposit", again);
    expect(onAgain.find((s) => s.kind === "similarReference")).toMatchObject({
      blocking: true,
      match: { id: first, status: "approved" },
    });

    const refused = await approve(again);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: FRAUD_MESSAGES.duplicateReference },
    });
    expect(await statusOf(again)).toBe("pending");
    expect((await balancesOf(server, cheat.token)).main).toBe(0);
    // A note alone is not an override, and an override needs a note.
    expect((await approve(again, { note: "looks fine" })).status).toBe(409);
    expect(await approve(again, { overrideDuplicate: true })).toMatchObject({
      status: 400,
      body: { message: FRAUD_MESSAGES.overrideNeedsNote, field: "note" },
    });
    expect(await statusOf(again)).toBe("pending");

    const note = "The bank confirmed two transfers with one reference (call 26 Nov).";
    expect((await approve(again, { overrideDuplicate: true, note })).status).toBe(200);
    expect(await statusOf(again)).toBe("approved");
    const events = await server.call(
      "GET",
      `/api/admin/ledger/streams/deposit-${again}/events?limit=10`,
      { token: root },
    );
    const approval = events.body.events.find(
      (e: { type: string }) => e.type === "BankDepositApproved",
    );
    expect(approval.metadata.note).toBe(note);
    // The Activity log shows it as the approval's detail.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Addis_Ababa" }).format(
      new Date(),
    );
    const logged = await eventually(
      () =>
        server.call("GET", `/api/admin/activity?from=${day}&to=${day}&action=deposit.approve`, {
          token: root,
        }),
      (r) => r.body.entries?.some((e: { target: { id: string } }) => e.target.id === again),
    );
    expect(
      logged.body.entries.find((e: { target: { id: string } }) => e.target.id === again),
    ).toMatchObject({ detail: note });
  });

  it("lets exactly one of two approvals at once pass, whichever comes first", async () => {
    for (let round = 0; round < 3; round++) {
      const reference = newTransactionId();
      const a = await deposit((await signUpPlayer(server)).token, 70, reference);
      const b = await deposit((await signUpPlayer(server)).token, 70, `${reference} `);
      const answers = await Promise.all([approve(a), approve(b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const statuses = [await statusOf(a), await statusOf(b)].sort();
      expect(statuses).toEqual(["approved", "pending"]);
    }
  });
});

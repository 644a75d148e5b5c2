import type { Room } from "@colyseus/sdk";
import { type RequestsChanged, STAFF_ROOM } from "@igp/shared";
import { createAgent, fundAgent } from "@igp/test-support/agents.ts";
import { fundedPlayer, sdkClient } from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The back office's live channel with two staff screens of the superAdmin and an agent's: new
 * requests pushed to the screens that may decide them, a decision on one screen pushed to every
 * other (and the list read on it shows it), a screen that was away catching up from its last
 * position, and the channel closed to players and to other staff accounts.
 */
let server: TestServer;
let root: { token: string; userId: string };
let agent: Awaited<ReturnType<typeof createAgent>>;
beforeAll(async () => {
  server = await startTestServer();
  root = await signInSuperAdmin(server);
  const bank = form(
    { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  expect(
    (await server.call("POST", "/api/banks/create", { token: root.token, body: bank })).status,
  ).toBe(201);
  agent = await createAgent(server, root.token);
  await fundAgent(server, root.token, agent, 1_000);
});
afterAll(() => server.stop());

/** A staff screen: its room, every change it was told, and its last position. */
async function screen(token: string, userId: string) {
  const room = await sdkClient(server, token).joinOrCreate(STAFF_ROOM, { userId });
  const told: RequestsChanged[] = [];
  const seen = { position: null as string | null };
  room.onMessage("requestsChanged", (message: RequestsChanged) => {
    told.push(message);
    if (message.position) seen.position = message.position;
  });
  room.send("catchUp", { after: null });
  // A change the followers read just before may come first (they read every 50 ms).
  await until(() => told.some((message) => message.resync));
  expect(told.find((message) => message.resync)).toMatchObject({ changes: [], resync: true });
  return { room, told, seen };
}

/** Waits (up to 10 s) for `check`; the channel is meant to tell within a second. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
}

const changesOf = (screen: { told: RequestsChanged[] }) => screen.told.flatMap((m) => m.changes);
/** The deposits a screen was told of (the setup's charge to fund the agent may reach it late). */
const depositsOf = (screen: { told: RequestsChanged[] }) =>
  changesOf(screen).filter((change) => change.kind === "deposit");

async function bankDeposit(token: string, amount: number) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId: `FT${amount}` },
    { field: "screenshot", bytes: await pngImage() },
  );
  const asked = await server.call("POST", "/api/wallet/deposit/request", { token, body });
  expect(asked.status).toBe(201);
  return asked.body.transactionId as string;
}

describe("the staff channel", () => {
  it("pushes new requests to the screens that may decide them, and a decision to every screen", async () => {
    const [first, second, agentScreen] = [
      await screen(root.token, root.userId),
      await screen(root.token, root.userId),
      await screen(agent.token, agent.id),
    ];
    const player = await signUpPlayer(server, "Hana Bekele");
    const byBank = await bankDeposit(player.token, 75);
    const atAgent = await server.call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body: form({ method: "Agent Deposit", amount: 60 }),
    });
    const agentDeposit = atAgent.body.transactionId as string;
    for (const staff of [first, second])
      await until(() => depositsOf(staff).filter((c) => c.status === "pending").length === 2);
    expect(depositsOf(first)).toEqual([
      { kind: "deposit", id: byBank, status: "pending", method: "bank", amount: 75 },
      { kind: "deposit", id: agentDeposit, status: "pending", method: "agent", amount: 60 },
    ]);
    // The agent hears of the request it may decide, not of the bank deposit.
    await until(() => depositsOf(agentScreen).length === 1);
    expect(depositsOf(agentScreen)).toEqual([
      { kind: "deposit", id: agentDeposit, status: "pending", method: "agent", amount: 60 },
    ]);

    // Approved on one screen: every screen is told, and the list read on it shows the decision.
    const approved = await server.call("POST", `/api/admin/deposit/approve/${byBank}`, {
      token: root.token,
      body: {},
    });
    expect(approved.status).toBe(200);
    for (const staff of [first, second, agentScreen])
      await until(() => changesOf(staff).some((c) => c.id === byBank && c.status === "approved"));
    const list = await server.call("GET", "/api/admin/deposit/requests", { token: root.token });
    expect(list.body.transactions).toContainEqual(
      expect.objectContaining({ id: byBank, status: "approved" }),
    );
    for (const staff of [first, second, agentScreen]) await staff.room.leave();
  });

  it("catches a screen up from its last position after it was away", async () => {
    const staff = await screen(root.token, root.userId);
    const player = await fundedPlayer(server, 500_00, 0, "Dawit Haile");
    const before = await bankDeposit(player.token, 51);
    await until(() => changesOf(staff).some((c) => c.id === before));
    const last = staff.seen.position;
    await staff.room.leave();

    // Away: a deposit asked and refused, a withdrawal asked.
    const missed = await bankDeposit(player.token, 52);
    expect(
      (
        await server.call("POST", `/api/admin/disapprove/${missed}`, {
          token: root.token,
          body: {},
        })
      ).status,
    ).toBe(200);
    const withdrawn = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body: { amount: 100, method: "agent", accountNumber: "09", withdrawFromBonusBalance: false },
    });
    expect(withdrawn.status).toBe(201);

    const back: Room = await sdkClient(server, root.token).joinOrCreate(STAFF_ROOM, {
      userId: root.userId,
    });
    const told: RequestsChanged[] = [];
    back.onMessage("requestsChanged", (message: RequestsChanged) => told.push(message));
    back.send("catchUp", { after: last });
    await until(() => told.some((m) => m.changes.some((c) => c.kind === "withdrawal")));
    const caught = told.flatMap((m) => m.changes);
    expect(caught).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: missed, status: "pending" }),
        expect.objectContaining({ id: missed, status: "disapproved" }),
        expect.objectContaining({
          kind: "withdrawal",
          id: withdrawn.body.transaction.id,
          status: "pending",
        }),
      ]),
    );
    expect(caught.some((c) => c.id === before)).toBe(false);
    expect(told[0]!.resync).toBe(false);
    await back.leave();
  });

  it("is closed to players and to other staff accounts; a malformed catch-up is refused", async () => {
    const player = await signUpPlayer(server, "Not Staff");
    await expect(
      sdkClient(server, player.token).joinOrCreate(STAFF_ROOM, { userId: player.userId }),
    ).rejects.toThrow(/for staff/);
    await screen(root.token, root.userId).then(({ room }) => room.leave());
    await expect(
      sdkClient(server, agent.token).joinOrCreate(STAFF_ROOM, { userId: root.userId }),
    ).rejects.toThrow(/not your channel/);
    const staff = await screen(agent.token, agent.id);
    const refused = new Promise((resolve) => staff.room.onMessage("error", resolve));
    staff.room.send("catchUp", { after: "'; DROP TABLE users" });
    expect(await refused).toEqual({ message: "catchUp takes { after: a position or null }." });
    await staff.room.leave();
  });
});

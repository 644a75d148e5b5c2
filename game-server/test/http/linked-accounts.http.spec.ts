import { linkedAccountsOf } from "@igp/game-server";
import type { FraudSignal } from "@igp/shared";
import { createAuditor, eventually } from "@igp/test-support/agents.ts";
import {
  signInSuperAdmin,
  signUpAgent,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Linked accounts over real HTTP: players who withdraw to one payout account, sign in or up
 * from one browser (its igp_device cookie), or sign up in a burst from one address (3 within
 * 10 minutes here), each from its own address (X-Forwarded-For behind TRUST_PROXY) so that only
 * the link under test joins them.
 */
let server: TestServer;
let root: string;
let lastAddress = 0;
const freshAddress = () => `10.28.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

interface Player {
  token: string;
  userId: string;
  phone: string;
  /** The device cookie the browser was given (igp_device=...), to send again. */
  device: string;
}

let counter = 0;
/** A player signed up as a browser does: from `address`, with `device`'s cookie if given. */
async function signUp(
  name: string,
  { address = freshAddress(), device }: { address?: string; device?: string } = {},
): Promise<Player> {
  const phone = `0928${String(Date.now() % 1e4).padStart(4, "0")}${String(++counter).padStart(2, "0")}`;
  const answer = await server.call("POST", "/api/auth/user/register", {
    body: {
      phone,
      fullName: name,
      password: "secret12",
      confirmPassword: "secret12",
      ageConfirmed: true,
      termsAccepted: true,
    },
    headers: { "x-forwarded-for": address, ...(device && { cookie: device }) },
  });
  expect(answer.status).toBe(201);
  return {
    token: answer.body.token,
    userId: answer.body.userId,
    phone,
    device: device ?? deviceCookie(answer.headers),
  };
}

function deviceCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith("igp_device="));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  return cookie!.split(";")[0]!;
}

const groupOf = (userId: string) => linkedAccountsOf(server.platform.database.pool, userId);

async function withdraw(player: Player, accountNumber: string) {
  const answer = await server.call("POST", "/api/wallet/withdraw/request", {
    token: player.token,
    body: { amount: 10, method: "Telebirr", accountNumber },
    headers: { "x-forwarded-for": freshAddress() },
  });
  expect(answer.status).toBe(201);
}

async function funded(name: string) {
  const player = await signUp(name);
  await approvedBankDeposit(server.platform.ledger, player.userId, 100_00);
  return player;
}

beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: "true", LINKED_SIGN_UP_COUNT: "3", LINKED_SIGN_UP_WINDOW_MINUTES: "10" },
  });
  root = (await signInSuperAdmin(server)).token;
  const body = form(
    { bankName: "Telebirr", type: "withdraw" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  expect((await server.call("POST", "/api/banks/create", { token: root, body })).status).toBe(201);
});
afterAll(() => server?.stop());

describe("what links players", () => {
  it("a payout account two players withdraw to, however its number is spaced or cased", async () => {
    const [abebe, almaz, other] = await Promise.all(
      ["Abebe Payout", "Almaz Payout", "Other Payout"].map(funded),
    );
    await withdraw(abebe!, "0911 22 33 44");
    await withdraw(other!, "0911223345");
    expect(await groupOf(abebe!.userId)).toBeNull();
    await withdraw(almaz!, "0911-223344");

    const group = (await groupOf(abebe!.userId))!;
    expect(group.members.map((member) => member.id).sort()).toEqual(
      [abebe!.userId, almaz!.userId].sort(),
    );
    expect(group.links).toEqual([
      expect.objectContaining({
        kind: "payoutAccount",
        payoutAccount: "TELEBIRR 0911223344",
        device: null,
        signUpAddress: null,
        playerIds: [abebe!.userId, almaz!.userId],
      }),
    ]);
    expect(await groupOf(other!.userId)).toBeNull();
    // The same account again adds nothing.
    await withdraw(almaz!, "0911223344");
    expect((await groupOf(almaz!.userId))!.links).toHaveLength(1);
  });

  it("a browser's device cookie, at sign-up and at sign-in; a forged cookie is a new device", async () => {
    const first = await signUp("Dawit Device");
    const second = await signUp("Dagne Device", { device: first.device });
    const elsewhere = await signUp("Eden Elsewhere");
    const group = (await groupOf(first.userId))!;
    expect(group.members.map((member) => member.id).sort()).toEqual(
      [first.userId, second.userId].sort(),
    );
    expect(group.links).toEqual([
      expect.objectContaining({ kind: "device", playerIds: [first.userId, second.userId] }),
    ]);
    expect(group.links[0]!.device).toMatch(/^[0-9a-f]{8}$/);
    expect(await groupOf(elsewhere.userId)).toBeNull();

    // Eden signs in from Dawit's browser: linked too.
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: elsewhere.phone, password: "secret12" },
      headers: { cookie: first.device, "x-forwarded-for": freshAddress() },
    });
    expect(login.status).toBe(200);
    expect((await groupOf(elsewhere.userId))!.id).toBe(group.id);

    // A made-up id (unsigned, or signed with another secret) is ignored and replaced.
    const forged = await signUp("Fikir Forged", { device: "igp_device=AAAAAAAAAAAAAAAAAAAAAA" });
    expect(await groupOf(forged.userId)).toBeNull();
  });

  it("sign-ups racing from one browser end in one group (the groups' lock)", async () => {
    const first = await signUp("Race Zero");
    const racers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => signUp(`Race ${n}`, { device: first.device })),
    );
    const group = (await groupOf(first.userId))!;
    expect(group.members).toHaveLength(6);
    for (const racer of racers) expect((await groupOf(racer.userId))!.id).toBe(group.id);
  });

  it("a burst of sign-ups from one address within the window, and not outside it", async () => {
    const burst = "196.190.7.7";
    const one = await signUp("Burst One", { address: burst });
    const two = await signUp("Burst Two", { address: burst });
    expect(await groupOf(one.userId)).toBeNull();
    const three = await signUp("Burst Three", { address: burst });
    const group = (await groupOf(two.userId))!;
    expect(group.members.map((member) => member.id).sort()).toEqual(
      [one.userId, two.userId, three.userId].sort(),
    );
    expect(group.links).toEqual([
      expect.objectContaining({
        kind: "signUpBurst",
        signUpAddress: burst,
        playerIds: [one.userId, two.userId, three.userId],
      }),
    ]);
    // A fourth while the burst goes on joins the same burst, not a new one.
    const four = await signUp("Burst Four", { address: burst });
    expect((await groupOf(four.userId))!.links).toHaveLength(1);

    // Sign-ups spread wider than the window: the first two are 11 minutes old when the third
    // comes. Their rows are then gone (kept only for the window).
    const slow = "196.190.8.8";
    const early = [
      await signUp("Slow One", { address: slow }),
      await signUp("Slow Two", { address: slow }),
    ];
    await server.platform.database.pool.query(
      `UPDATE linked_account_sign_ups SET signed_up_at = now() - interval '11 minutes'
        WHERE user_id = ANY($1)`,
      [early.map((player) => player.userId)],
    );
    const late = await signUp("Slow Three", { address: slow });
    for (const player of [...early, late]) expect(await groupOf(player.userId)).toBeNull();
    const { rows } = await server.platform.database.pool.query(
      "SELECT user_id FROM linked_account_sign_ups WHERE address = $1",
      [slow],
    );
    expect(rows.map((row) => row.user_id)).toEqual([late.userId]);
  });

  it("links are transitive: two groups joined by a new link become one, the older", async () => {
    const a = await funded("Abel Chain");
    const b = await signUp("Bethel Chain", { device: a.device });
    const c = await funded("Chala Chain");
    const d = await funded("Dinkinesh Chain");
    await withdraw(c, "CHAIN-1");
    await withdraw(d, "chain 1");
    const ab = (await groupOf(a.userId))!;
    const cd = (await groupOf(c.userId))!;
    expect(ab.id).not.toBe(cd.id);

    // Chala signs in from Bethel's browser: one group of four, both reasons kept.
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone: c.phone, password: "secret12" },
      headers: { cookie: b.device, "x-forwarded-for": freshAddress() },
    });
    expect(login.status).toBe(200);
    const merged = (await groupOf(d.userId))!;
    expect(merged.id).toBe(ab.id);
    expect(merged.members.map((member) => member.id).sort()).toEqual(
      [a.userId, b.userId, c.userId, d.userId].sort(),
    );
    expect(merged.links.map((link) => [link.kind, link.playerIds.length])).toEqual([
      ["device", 3],
      ["payoutAccount", 2],
    ]);
    const gone = await server.call("GET", `/api/admin/linked-accounts/${cd.id}`, { token: root });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Linked group not found.");
  });
});

describe("the back office's routes", () => {
  let linked: { group: string; player: Player; partner: Player };

  beforeAll(async () => {
    const player = await funded("Genet Screen");
    const partner = await funded("Girma Screen");
    await withdraw(player, "5550001");
    await withdraw(partner, "5550001");
    linked = { group: (await groupOf(player.userId))!.id, player, partner };
  });

  it("the superAdmin lists groups, opens one, and reads a player's", async () => {
    const list = await server.call("GET", "/api/admin/linked-accounts", { token: root });
    expect(list.status).toBe(200);
    expect(list.body.groups[0].id).toBe(linked.group);
    expect(list.body.page).toBe(1);

    const group = await server.call("GET", `/api/admin/linked-accounts/${linked.group}`, {
      token: root,
    });
    expect(group.status).toBe(200);
    expect(group.body.members.map((member: { fullName: string }) => member.fullName)).toEqual([
      "Genet Screen",
      "Girma Screen",
    ]);
    expect(group.body.links[0].payoutAccount).toBe("TELEBIRR 5550001");

    const own = await server.call(
      "GET",
      `/api/admin/players/${linked.partner.userId}/linked-accounts`,
      { token: root },
    );
    expect(own.status).toBe(200);
    expect(own.body.player.fullName).toBe("Girma Screen");
    expect(own.body.group.id).toBe(linked.group);

    const alone = await signUp("Hana Alone");
    const none = await server.call("GET", `/api/admin/players/${alone.userId}/linked-accounts`, {
      token: root,
    });
    expect(none.body).toEqual({
      player: { id: alone.userId, fullName: "Hana Alone" },
      group: null,
    });
    const bad = await server.call("GET", "/api/admin/linked-accounts/not-an-id", { token: root });
    expect(bad.status).toBe(400);
  });

  it("a linked player's withdrawal shows the superAdmin the group as a fraud signal", async () => {
    const first = await signUp("Genet Signal");
    const second = await signUp("Hana Signal", { device: first.device });
    await approvedBankDeposit(server.platform.ledger, second.userId, 100_00);
    const answer = await server.call("POST", "/api/wallet/withdraw/request", {
      token: second.token,
      body: { amount: 10, method: "Telebirr", accountNumber: "0911000111" },
      headers: { "x-forwarded-for": freshAddress() },
    });
    expect(answer.status).toBe(201);
    const signals = await eventually(
      () =>
        server.call("GET", `/api/admin/withdraw/signals/${answer.body.transaction.id}`, {
          token: root,
        }),
      (r) => r.status === 200,
    );
    const group = await groupOf(second.userId);
    expect(signals.body.signals.filter((s: FraudSignal) => s.kind === "linkedAccounts")).toEqual([
      expect.objectContaining({
        params: { count: 1, groupId: group!.id },
        match: null,
        needsNote: false,
        blocking: false,
      }),
    ]);
  });

  it("players and agents are refused, and so is nobody signed in", async () => {
    const agent = await signUpAgent(server, root);
    for (const path of [
      "/api/admin/linked-accounts",
      `/api/admin/linked-accounts/${linked.group}`,
      `/api/admin/players/${linked.player.userId}/linked-accounts`,
    ]) {
      expect((await server.call("GET", path, { token: linked.player.token })).status).toBe(403);
      expect((await server.call("GET", path, { token: agent.token })).status).toBe(403);
      expect((await server.call("GET", path)).status).toBe(401);
    }
  });

  it("an auditor reads them masked, unless granted personal data", async () => {
    const masked = await createAuditor(server, root);
    const answer = await server.call("GET", `/api/admin/linked-accounts/${linked.group}`, {
      token: masked.token,
    });
    expect(answer.status).toBe(200);
    const [member] = answer.body.members;
    expect(member.fullName).toBe("G***********");
    expect(member.phone).toMatch(/^\*+\d\d$/);
    expect(answer.body.links[0].payoutAccount).toBe("T***************");
    expect(answer.body.links[0].playerIds).toEqual([linked.player.userId, linked.partner.userId]);

    const granted = await createAuditor(server, root, { personalData: true });
    const plain = await server.call("GET", `/api/admin/linked-accounts/${linked.group}`, {
      token: granted.token,
    });
    expect(plain.body.links[0].payoutAccount).toBe("TELEBIRR 5550001");
  });
});

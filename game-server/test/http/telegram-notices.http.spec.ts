import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { newTransactionId } from "@igp/test-support/deposits.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import { sleep } from "@igp/test-support/server-process.ts";
import { signInitData, TEST_BOT_NAME, TEST_BOT_TOKEN } from "@igp/test-support/telegram.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Money notices as bot messages (docs/telegram.md), against a fake Bot API that fails, asks to
 * wait (429 with retry_after) and refuses, as Telegram does: each approved deposit and lottery
 * win reaches the player's Telegram chat once, after the failures and the wait (a win once the
 * lottery's room has revealed it); a player who did
 * not let the bot write gets nothing; a player who blocked the bot is not tried again.
 */
interface BotCall {
  path: string;
  chatId: number;
  text: string;
  status: number;
  at: number;
}

const REVEAL_EVERY_MS = 4_000;
const calls: BotCall[] = [];
/** What the fake answers each chat's next calls (then 200). */
const script = new Map<number, number[]>();
let botApi: Server;
let server: TestServer;
let root: string;

beforeAll(async () => {
  botApi = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const params = JSON.parse(body || "{}") as { chat_id: number; text: string };
      const status = script.get(params.chat_id)?.shift() ?? 200;
      calls.push({
        path: request.url ?? "",
        chatId: params.chat_id,
        text: params.text,
        status,
        at: Date.now(),
      });
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(answerFor(status, calls.length)));
    });
  });
  await new Promise<void>((resolve) => botApi.listen(0, "127.0.0.1", resolve));
  const { port } = botApi.address() as AddressInfo;
  server = await startTestServer({
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
      TELEGRAM_BOT_API_URL: `http://127.0.0.1:${port}`,
      TELEGRAM_SEND_INTERVAL_MS: "10",
      // A lottery's win is told once its room has revealed the drawing: long enough to see it wait.
      GAME_START_NOTICE_MS: "200",
      LOTTERY_REVEAL_EVERY_MS: String(REVEAL_EVERY_MS),
    },
  });
  root = (await signInSuperAdmin(server)).token;
  const bank = form(
    { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  expect((await server.call("POST", "/api/banks/create", { token: root, body: bank })).status).toBe(
    201,
  );
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => botApi?.close(resolve));
});

function answerFor(status: number, messageId: number) {
  if (status === 200) return { ok: true, result: { message_id: messageId } };
  if (status === 429)
    return {
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    };
  if (status === 403)
    return { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" };
  return { ok: false, error_code: status, description: "Internal Server Error" };
}

let nextId = 770_000_001;
/** A player who came from the Mini App; `allowsWriteToPm`: let the bot write to them. */
async function telegramPlayer(first_name: string, allowsWriteToPm = true) {
  const user = { id: nextId++, first_name, allows_write_to_pm: allowsWriteToPm };
  const answer = await server.call("POST", "/api/auth/telegram/mini-app", {
    body: { initData: signInitData({ user }) },
  });
  expect(answer.status).toBe(200);
  const token = answer.body.token as string;
  // A Telegram sign-up confirms the minimum age in the profile before its first stake.
  const confirmed = await server.call("POST", "/api/user/safer-play/age", {
    token,
    body: { ageConfirmed: true, termsAccepted: true },
  });
  expect(confirmed.status).toBe(200);
  return { chatId: user.id, token };
}

async function approvedDeposit(token: string, amount: number) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId: newTransactionId() },
    { field: "screenshot", bytes: await pngImage() },
  );
  const request = await server.call("POST", "/api/wallet/deposit/request", { token, body });
  expect(request.status).toBe(201);
  const approved = await server.call(
    "POST",
    `/api/admin/deposit/approve/${request.body.transactionId}`,
    { token: root, body: {} },
  );
  expect(approved.status).toBe(200);
}

const callsTo = (chatId: number) => calls.filter((call) => call.chatId === chatId);
const delivered = (chatId: number) =>
  expect.poll(() => callsTo(chatId).some((call) => call.status === 200), { timeout: 30_000 });

describe("money notices as Telegram bot messages", () => {
  it("sends an approved deposit once, through a failure and a rate limit", async () => {
    const player = await telegramPlayer("Meron");
    script.set(player.chatId, [500, 429]);
    await approvedDeposit(player.token, 120);
    await delivered(player.chatId).toBe(true);
    const tries = callsTo(player.chatId);
    expect(tries.map((call) => call.status)).toEqual([500, 429, 200]);
    expect(new Set(tries.map((call) => call.text))).toEqual(
      new Set(["Your deposit of ETB 120.00 was approved. It is in your balance: good luck!"]),
    );
    expect(tries[0]!.path).toBe(`/bot${TEST_BOT_TOKEN}/sendMessage`);
    // Telegram said to wait a second: nothing was sent to it before that second was over.
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(1000);
    await sleep(1500);
    expect(callsTo(player.chatId)).toHaveLength(3);
    // One row for the one notice, sent on its third try (the 429 is not counted as a failure).
    const { rows } = await server.platform.database.pool.query(
      "SELECT status, attempts, last_error FROM telegram_outbox WHERE chat_id = $1",
      [player.chatId],
    );
    expect(rows).toEqual([
      { status: "sent", attempts: 2, last_error: "Too Many Requests: retry after 1" },
    ]);
  });

  it("sends nothing to a player who did not allow it, and gives up on one who blocked the bot", async () => {
    const quiet = await telegramPlayer("Quiet", false);
    const blocked = await telegramPlayer("Blocked");
    const last = await telegramPlayer("Last");
    script.set(blocked.chatId, [403]);
    await approvedDeposit(quiet.token, 50);
    await approvedDeposit(blocked.token, 60);
    await approvedDeposit(last.token, 70);
    // Messages leave in order: once the last is delivered, the others have had their turn.
    await delivered(last.chatId).toBe(true);
    await sleep(1500);
    expect(callsTo(quiet.chatId)).toEqual([]);
    expect(callsTo(blocked.chatId).map((call) => call.status)).toEqual([403]);
    const { rows } = await server.platform.database.pool.query(
      "SELECT chat_id, status, last_error FROM telegram_outbox WHERE chat_id = ANY($1) ORDER BY id",
      [[quiet.chatId, blocked.chatId]],
    );
    expect(rows).toEqual([
      {
        chat_id: String(blocked.chatId),
        status: "failed",
        last_error: "Forbidden: bot was blocked by the user",
      },
    ]);
  });

  it("tells a lottery win once the lottery's room has revealed the drawing, not before", async () => {
    const player = await telegramPlayer("Lucky");
    await approvedDeposit(player.token, 50);
    const lottery = await createLottery(server, { betAmount: 10, winAmount: 1000 });
    expect((await buyTicket(server, player.token, lottery.code)).status).toBe(201);
    const drawn = await server.call("POST", "/api/games/lottery/finish", {
      token: lottery.adminToken,
      body: { code: lottery.code },
    });
    expect(drawn.status).toBe(200);
    await expect
      .poll(() => callsTo(player.chatId).map((call) => call.text), { timeout: 30_000 })
      .toContainEqual(
        expect.stringMatching(/^You won ETB 1,000\.00.* in the lottery New Year Lottery!$/),
      );
    expect(callsTo(player.chatId)).toHaveLength(2);
    // Its one winner is revealed REVEAL_EVERY_MS after the drawing was recorded: not told earlier.
    const { rows } = await server.platform.database.pool.query(
      "SELECT drawn_at, jsonb_array_length(winners) AS winners FROM lotteries WHERE code = $1",
      [lottery.code],
    );
    expect(rows[0].winners).toBe(1);
    const revealEnds = rows[0].drawn_at.getTime() + REVEAL_EVERY_MS;
    const told = callsTo(player.chatId).find((call) => call.text.startsWith("You won"))!;
    expect(told.at).toBeGreaterThanOrEqual(revealEnds);
  });
});

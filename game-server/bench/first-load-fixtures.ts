import { httpCaller, signUpPlayer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { drawingOver } from "@igp/test-support/lottery.ts";
import { call, signIn as signInStaff } from "./bench-api.ts";

/**
 * What bench:first-load's routes need on a fresh server, made through its API as a player and
 * the back office would: a signed-in player (the viewer: the bench's "signed in" loads), a
 * private coin flip created by another, funded player (the viewer opens its shared link), a
 * lottery that player bought a ticket of, drawn (its page replays the drawing on a canvas), and
 * a lottery on sale (the lottery list's card), and a table of each game.
 */
export interface FirstLoadFixtures {
  /** The viewer's session token (the `igp_session` cookie). */
  playerToken: string;
  superAdminToken: string;
  /**
   * A shared link's code: a new waiting private coin flip the viewer did not create (one per
   * load: a round waits for its second player only a few minutes).
   */
  newPrivateCoinFlip(): Promise<string>;
  /** A drawn lottery's code. */
  drawnLotteryCode: string;
  openLotteryCode: string;
}

const DEPOSIT_ETB = 1000;

export async function makeFixtures(
  url: string,
  superAdmin: { email: string; password: string },
): Promise<FirstLoadFixtures> {
  const server = { call: httpCaller(url) };
  const root = await signInStaff(url, superAdmin.email, superAdmin.password);
  await addDepositBank(url, root);
  const viewer = await signUpPlayer(server, "Bench Viewer");
  const creator = await signUpPlayer(server, "Bench Creator");
  await fund(url, root, creator.token);
  // A table of each game (the selection screens list them).
  for (const type of ["coin-flip", "spin-wheel"]) {
    const table = await call(url, "POST", "/api/games/create", root, { type, betAmount: 10 });
    if (table.status !== 201) throw new Error(`table: ${JSON.stringify(table.body)}`);
  }
  return {
    playerToken: viewer.token,
    superAdminToken: root,
    newPrivateCoinFlip: () => privateCoinFlip(url, creator.token),
    drawnLotteryCode: await drawnLottery(url, root, creator.token),
    // The list shows a lottery on sale (a drawn one is no longer listed).
    openLotteryCode: await newLottery(url, root, "Bench Lottery on sale"),
  };
}

async function privateCoinFlip(url: string, creatorToken: string): Promise<string> {
  const game = await call(url, "POST", "/api/game/private/create", creatorToken, {
    gameType: "coin-flip",
    access: "private",
    betAmount: 10,
    selectedSide: "H",
  });
  if (game.status !== 201) throw new Error(`private game: ${JSON.stringify(game.body)}`);
  return game.body.gameCode!;
}

async function addDepositBank(url: string, root: string) {
  const bank = form(
    { bankName: "CBE", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  await send(url, "/api/banks/create", root, bank);
}

/** A bank deposit with its proof, approved by the superAdmin. */
async function fund(url: string, root: string, playerToken: string) {
  const request = form(
    { method: "CBE", amount: DEPOSIT_ETB, accountNumber: "1000", transactionId: "FT1" },
    { field: "screenshot", bytes: await pngImage() },
  );
  const { transactionId } = (await send(
    url,
    "/api/wallet/deposit/request",
    playerToken,
    request,
  )) as {
    transactionId: string;
  };
  const approved = await call(url, "POST", `/api/admin/deposit/approve/${transactionId}`, root, {});
  if (approved.status !== 200) throw new Error(`approval: ${JSON.stringify(approved.body)}`);
}

/** Longest wait for a finished lottery's drawing (its notice, then a reveal per place). */
const DRAWING_WAIT_MS = 120_000;

/**
 * A lottery with one ticket sold, drawn at once, returned once drawn: its drawing takes the start
 * notice and a reveal per place (some 15 s), and a page opened before watches it live from the
 * room (the realtime SDK, the join) instead of replaying it, which is not the load measured.
 */
async function drawnLottery(url: string, root: string, buyerToken: string): Promise<string> {
  const code = await newLottery(url, root, "Bench Lottery");
  const ticket = await call(url, "POST", "/api/game/lottery/buy/ticket", buyerToken, { code });
  if (ticket.status >= 300) throw new Error(`ticket: ${JSON.stringify(ticket.body)}`);
  const drawn = await call(url, "POST", "/api/games/lottery/finish", root, { code });
  if (drawn.status !== 200) throw new Error(`drawing: ${JSON.stringify(drawn.body)}`);
  await drawingOver({ call: httpCaller(url) }, code, DRAWING_WAIT_MS);
  return code;
}

/** A lottery on sale for an hour, with its banner. */
async function newLottery(url: string, root: string, title: string): Promise<string> {
  const lottery = form(
    {
      type: "lottery",
      betAmount: 20,
      title,
      winAmount: 100,
      outDate: new Date(Date.now() + 3_600_000).toISOString(),
      prizes: "100, 50, Phone",
    },
    { field: "bannerImage", bytes: await pngImage("#f9a825", 320, 180) },
  );
  const { code } = (await send(url, "/api/games/lottery/create", root, lottery)) as {
    code: string;
  };
  return code;
}

/** A multipart POST; its JSON answer (a refusal throws). */
async function send(url: string, route: string, token: string, body: FormData): Promise<unknown> {
  const response = await fetch(`${url}${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const answer = await response.json();
  if (response.status >= 300) throw new Error(`${route}: ${JSON.stringify(answer)}`);
  return answer;
}

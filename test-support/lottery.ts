import { signInSuperAdmin, type TestServer } from "./http.ts";
import { form, pngImage } from "./images.ts";

/** An out date `minutes` from now, as the back office's form sends it. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export interface LotteryFields {
  betAmount?: string | number;
  title?: string;
  winAmount?: string | number;
  outDate?: string;
  prizes?: string;
}

/** The Create Instant Game form with type lottery, as multipart with a PNG banner. */
export function lotteryForm(fields: LotteryFields = {}, banner?: Buffer | null) {
  const values = {
    type: "lottery",
    betAmount: 10,
    title: "New Year Lottery",
    winAmount: 1000,
    outDate: inMinutes(60),
    prizes: "500, 200, Phone",
    ...fields,
  };
  return banner === null ? form(values) : form(values, { field: "bannerImage", bytes: banner! });
}

/** A lottery created by the superAdmin; returns its admin view. */
export async function createLottery(server: TestServer, fields: LotteryFields = {}) {
  const { token } = await signInSuperAdmin(server);
  const created = await server.call("POST", "/api/games/lottery/create", {
    token,
    body: lotteryForm(fields, await pngImage()),
  });
  if (created.status !== 201) throw new Error(`lottery: ${JSON.stringify(created.body)}`);
  return { ...created.body, adminToken: token };
}

export const buyTicket = (server: Pick<TestServer, "call">, token: string, code: string) =>
  server.call("POST", "/api/game/lottery/buy/ticket", { token, body: { code } });

/**
 * Waits until a lottery's drawing is over for everyone: its room revealed every winner and paid
 * the prizes (the public view says drawn). An admin's Finish answers before the reveal, with
 * nothing paid yet.
 */
export async function drawingOver(
  server: Pick<TestServer, "call">,
  code: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await server.call("GET", `/api/game/lottery/get/${code}`);
    if (view.body.status === "drawn") return view.body;
    if (Date.now() > deadline) throw new Error(`lottery ${code} not drawn within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { randomUUID } from "node:crypto";
import { signUpPlayer, type TestServer } from "./http.ts";
import { distinctImage, form } from "./images.ts";

/**
 * A transaction reference no other test deposit uses: a reference an approved deposit already
 * used is refused (docs/fraud-signals.md), so tests that are not about that use fresh ones.
 */
export const newTransactionId = () =>
  `FT${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;

/** A new player's bank deposit request (with its screenshot), left for the back office to decide. */
export async function pendingBankDeposit(
  server: Pick<TestServer, "call">,
  fullName: string,
  amount: number,
) {
  const player = await signUpPlayer(server, fullName);
  const body = form(
    { method: "CBE", amount, accountNumber: "1000", transactionId: newTransactionId() },
    { field: "screenshot", bytes: await distinctImage() },
  );
  const answer = await server.call("POST", "/api/wallet/deposit/request", {
    token: player.token,
    body,
  });
  if (answer.status >= 300) throw new Error(`deposit request: ${JSON.stringify(answer.body)}`);
  return player;
}

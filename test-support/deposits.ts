import { signUpPlayer, type TestServer } from "./http.ts";
import { form, pngImage } from "./images.ts";

/** A new player's bank deposit request (with its screenshot), left for the back office to decide. */
export async function pendingBankDeposit(
  server: Pick<TestServer, "call">,
  fullName: string,
  amount: number,
) {
  const player = await signUpPlayer(server, fullName);
  const body = form(
    { method: "CBE", amount, accountNumber: "1000", transactionId: "FT1" },
    { field: "screenshot", bytes: await pngImage() },
  );
  const answer = await server.call("POST", "/api/wallet/deposit/request", {
    token: player.token,
    body,
  });
  if (answer.status >= 300) throw new Error(`deposit request: ${JSON.stringify(answer.body)}`);
  return player;
}

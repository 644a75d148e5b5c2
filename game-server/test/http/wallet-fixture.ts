import {
  createAgent as createAgentAs,
  fundAgent as fundAgentAs,
} from "@igp/test-support/agents.ts";
import { newTransactionId } from "@igp/test-support/deposits.ts";
import { balancesOf } from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { form, jpegWithExif, pngImage } from "@igp/test-support/images.ts";
import { afterAll, beforeAll, expect } from "vitest";

/**
 * What the wallet's HTTP tests (wallet-*.http.spec.ts) share: a server of their own per file,
 * signed in as its superAdmin (`root`), with a deposit bank (CBE) and a withdraw bank (Telebirr),
 * and the steps they take. `server` and `root` are set once `startWalletServer`'s hook has run.
 */
export let server: TestServer;
export let root: string;

/** Starts the file's server before its tests and stops it after them. */
export function startWalletServer() {
  beforeAll(async () => {
    server = await startTestServer();
    root = (await signInSuperAdmin(server)).token;
    await createBank("CBE", "deposit", "1000123456789");
    await createBank("Telebirr", "withdraw");
  });
  afterAll(() => server.stop());
}

async function createBank(bankName: string, type: "deposit" | "withdraw", accountNumber?: string) {
  const body = form(
    { bankName, type, ...(accountNumber && { accountNumber }) },
    { field: "bankLogo", bytes: await pngImage() },
  );
  const created = await server.call("POST", "/api/banks/create", { token: root, body });
  expect(created.status).toBe(201);
  return created.body;
}

export const createAgent = () => createAgentAs(server, root);
export const fundAgent = (agent: { token: string }, amount: number) =>
  fundAgentAs(server, root, agent, amount);

export const balances = (token: string) => balancesOf(server, token);

/**
 * A CBE deposit request with its proof (a JPEG carrying location metadata), under a reference of
 * its own unless one is given (a reference an approved deposit used is refused).
 */
export async function bankDeposit(
  token: string,
  amount: number,
  headers: Record<string, string> = {},
  transactionId = newTransactionId(),
) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId },
    { field: "screenshot", bytes: await jpegWithExif(), type: "image/jpeg", name: "proof.jpg" },
  );
  return server.call("POST", "/api/wallet/deposit/request", { token, body, headers });
}

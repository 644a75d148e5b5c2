import { randomUUID } from "node:crypto";
import type { TestServer } from "./http.ts";
import { form, pngImage } from "./images.ts";

export const AGENT_PASSWORD = "agent-pass-1";

/** An agent created by the superAdmin (`root` is its token), signed in. */
export async function createAgent(server: TestServer, root: string) {
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  const created = await server.call("POST", "/api/admin/accounts/create", {
    token: root,
    body: { fullName: "Agent Smith", email, password: AGENT_PASSWORD },
  });
  if (created.status !== 201) throw new Error(`agent: ${JSON.stringify(created.body)}`);
  const login = await server.call("POST", "/api/auth/user/login", {
    body: { phone: email, password: AGENT_PASSWORD },
  });
  return { token: login.body.token as string, id: created.body.id as string, email };
}

/** Gives an agent `amount` ETB of float: its charge request, approved by the superAdmin. */
export async function fundAgent(
  server: TestServer,
  root: string,
  agent: { token: string },
  amount: number,
) {
  const body = form(
    { method: "CBE", amount, accountNumber: "555", transactionId: "https://cbe/tx/1" },
    { field: "screenshot", bytes: await pngImage() },
  );
  const requested = await server.call("POST", "/api/admin/charge/request", {
    token: agent.token,
    body,
  });
  if (requested.status !== 201) throw new Error(`charge: ${JSON.stringify(requested.body)}`);
  const approved = await server.call("POST", `/api/admin/charge/approve/${requested.body.id}`, {
    token: root,
  });
  if (approved.status !== 200) throw new Error(`charge approval: ${JSON.stringify(approved.body)}`);
}

/** Reads until `check` holds (projections catch up asynchronously), at most about 5 seconds. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

/** Creates an auditor as the superAdmin (with personal data if asked) and signs it in. */
export async function createAuditor(
  server: Pick<TestServer, "call">,
  rootToken: string,
  { fullName = "Audit Firm", personalData = false } = {},
) {
  const email = `auditor-${randomUUID().slice(0, 8)}@example.com`;
  const password = "auditor-pass-1";
  const created = await server.call("POST", "/api/admin/auditors/create", {
    token: rootToken,
    body: { fullName, email, password },
  });
  if (created.status !== 201) throw new Error(`auditor failed: ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  if (personalData) {
    const granted = await server.call("POST", `/api/admin/auditors/${id}/personal-data`, {
      token: rootToken,
      body: { personalData: true },
    });
    if (granted.status !== 200) throw new Error(`grant failed: ${JSON.stringify(granted.body)}`);
  }
  const login = await server.call("POST", "/api/auth/user/login", {
    body: { phone: email, password },
  });
  return { token: login.body.token as string, id, email, password };
}

import { randomUUID } from "node:crypto";
import { createAuditor } from "@igp/test-support/agents.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { type Access, AUDITOR_OWN_WRITES, MATRIX } from "@igp/test-support/route-access.ts";
import { afterAll, beforeAll, expect, it } from "vitest";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it("enforces the role matrix on every route, for every kind of caller", async () => {
  const doc = await server.call("GET", "/api/docs/json");
  const routes = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(routes.filter((route) => !(route in MATRIX))).toEqual([]); // every route has a rule
  expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);

  const root = await signInSuperAdmin(server);
  const [player, otherPlayer, blocked] = [
    await signUpPlayer(server),
    await signUpPlayer(server),
    await signUpPlayer(server),
  ];
  const agentEmail = `agent-${randomUUID().slice(0, 6)}@example.com`;
  await server.call("POST", "/api/admin/accounts/create", {
    token: root.token,
    body: { fullName: "Agent Matrix", email: agentEmail, password: "agent-pass-1" },
  });
  const agent = (
    await server.call("POST", "/api/auth/user/login", {
      body: { phone: agentEmail, password: "agent-pass-1" },
    })
  ).body.token;
  await server.call("POST", `/api/admin/users/status/${blocked.userId}`, { token: root.token });
  const auditor = await createAuditor(server, root.token);

  const login = async (phone: string, password: string) =>
    (await server.call("POST", "/api/auth/user/login", { body: { phone, password } })).body
      .token as string;
  // Each caller's second session: the one signing out of this device ends.
  const callers = [
    { name: "anonymous", token: undefined, spare: undefined, role: null },
    {
      name: "player",
      token: player.token,
      spare: await login(player.phone, player.password),
      role: "user",
    },
    {
      name: "other player",
      token: otherPlayer.token,
      spare: await login(otherPlayer.phone, otherPlayer.password),
      role: "user",
    },
    { name: "agent", token: agent, spare: await login(agentEmail, "agent-pass-1"), role: "admin" },
    {
      name: "superAdmin",
      token: root.token,
      spare: (await signInSuperAdmin(server)).token,
      role: "superAdmin",
    },
    {
      name: "auditor",
      token: auditor.token,
      spare: await login(auditor.email, auditor.password),
      role: "auditor",
    },
    { name: "blocked player", token: blocked.token, spare: blocked.token, role: "blocked" },
  ] as const;

  // Signing out everywhere ends the caller's sessions: it is probed last.
  const lastly = (route: string) => Number(route === "POST /api/auth/logout-all");
  const wrong: string[] = [];
  const auditorCalls = { refused: 0, read: 0 };
  for (const route of routes.sort((a, b) => lastly(a) - lastly(b))) {
    const [method, template] = route.split(" ") as [string, string];
    const path = template.replace("{id}", randomUUID());
    const access = MATRIX[route]!;
    for (const caller of callers) {
      const { status } = await server.call(method, path, {
        token: route === "POST /api/auth/logout" ? caller.spare : caller.token,
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      const expected = expectedStatus(access, caller.role, route);
      if (caller.role === "auditor")
        auditorCalls[expected === "allowed" ? "read" : "refused"] += expected === 401 ? 0 : 1;
      if (
        expected === "allowed"
          ? status === 401 || status === 403 || status >= 500
          : status !== expected
      ) {
        wrong.push(`${route} as ${caller.name}: ${status}, expected ${expected}`);
      }
    }
  }
  expect(wrong).toEqual([]);

  // Every identified request of the auditor is in its access log, each refusal as one.
  const { rows } = await server.platform.database.pool.query(
    "SELECT action, count(*)::int AS n FROM auditor_access WHERE staff_id = $1 GROUP BY action",
    [auditor.id],
  );
  const logged = Object.fromEntries(rows.map((r) => [r.action, r.n]));
  expect(logged["auditor.refused"]).toBe(auditorCalls.refused);
  // Public routes are answered without identifying the caller: not in the log.
  expect(logged["auditor.read"]).toBeLessThanOrEqual(auditorCalls.read);
  expect(logged["auditor.read"]).toBeGreaterThan(10);
}, 180_000);

function expectedStatus(access: Access, role: string | null, route: string): "allowed" | 401 | 403 {
  if (access === "public") return "allowed";
  if (role === null) return 401;
  if (role === "blocked") return 403;
  // Read-only: every write but its own account's is refused, whatever the route's rule.
  if (role === "auditor" && !route.startsWith("GET ") && !AUDITOR_OWN_WRITES.includes(route))
    return 403;
  if (access === "signedIn") return "allowed";
  return access.includes(role as "user") ? "allowed" : 403;
}

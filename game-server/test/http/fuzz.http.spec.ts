import {
  signInSuperAdmin,
  signUpAgent,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import {
  fieldsOf,
  type MalformedBody,
  malformedBody,
  malformedParam,
  malformedQuery,
  percentEncode,
} from "@igp/test-support/malformed-requests.ts";
import { stateFingerprint } from "@igp/test-support/state-fingerprint.ts";
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * Every route the server registered (so a new route is fuzzed without being listed), called by
 * every kind of caller with malformed path parameters, queries and bodies: control characters,
 * lone surrogates, huge strings, wrong types, nested values, __proto__ keys, 1e309 and -0, invalid
 * UTF-8, broken forms, wrong content types. No answer is ever a 5xx; every refusal is JSON
 * `{ message }`; a route that can change state never accepts (the generators cannot make a valid
 * body); and nothing stored changes. FUZZ_RUNS requests per route and caller (default 6),
 * FUZZ_SEED to replay.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 1);

let server: TestServer;
let callers: { name: string; token?: string }[];
beforeAll(async () => {
  server = await startTestServer({
    // Telegram configured, so its sign-in checks forged data instead of answering 404 at once.
    env: {
      TELEGRAM_BOT_TOKEN: "123456:fuzz-token-fuzz-token-fuzz-token-00",
      TELEGRAM_BOT_NAME: "fuzz_bot",
    },
  });
  const root = await signInSuperAdmin(server);
  const player = await signUpPlayer(server);
  const agent = await signUpAgent(server, root.token);
  callers = [
    { name: "anonymous" },
    { name: "player", token: player.token },
    { name: "agent", token: agent.token },
    { name: "superAdmin", token: root.token },
  ];
});
afterAll(() => server.stop());

interface Route {
  method: string;
  url: string;
  bodyFields: string[];
  queryFields: string[];
}

/** Each registered method and URL once (HEAD is GET's twin). */
function registeredRoutes(list: readonly RouteOptions[]): Route[] {
  return list.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== "HEAD")
      .map((method) => ({
        method,
        url: route.url,
        bodyFields: fieldsOf(route.schema?.body),
        queryFields: fieldsOf(route.schema?.querystring),
      })),
  );
}

const changesState = (method: string) => method !== "GET";

/** One malformed request for the route: its URL (parameters filled, query added) and body. */
function malformedRequest(route: Route) {
  const params = (route.url.match(/:\w+|\*/g) ?? []).map(() => malformedParam);
  const body: fc.Arbitrary<MalformedBody | null> =
    route.method === "POST" ? malformedBody(route.bodyFields) : fc.constant(null);
  return fc
    .tuple(fc.tuple(...params), malformedQuery(route.queryFields), body)
    .map(([values, query, payload]) => {
      let index = 0;
      const path = route.url.replace(/:\w+|\*/g, () => percentEncode(values[index++]!));
      return { url: query ? `${path}?${query}` : path, payload };
    });
}

/** Lets the projections catch up with the setup, so only the fuzz could change what follows. */
async function settledFingerprint() {
  let previous = await stateFingerprint(server);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const current = await stateFingerprint(server);
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
}

it("answers malformed input on every route, for every caller, with a 4xx that changes nothing", async () => {
  const routes = registeredRoutes(server.platform.app.routeList);
  expect(routes.length).toBeGreaterThan(50);
  const failures: string[] = [];
  let before = await settledFingerprint();
  for (const [index, route] of routes.entries()) {
    const samples = fc.sample(malformedRequest(route), { numRuns: RUNS, seed: SEED + index });
    for (const caller of callers) {
      for (const { url, payload } of samples) {
        const response = await server.call(route.method, url, {
          token: caller.token,
          body: payload?.body,
          headers: payload?.contentType ? { "content-type": payload.contentType } : {},
          redirect: "manual",
        });
        const what = `${route.method} ${url.slice(0, 120)} as ${caller.name} (${payload?.kind ?? "no body"} ${JSON.stringify(String(payload?.body ?? "")).slice(0, 60)}, seed ${SEED + index}): ${response.status} ${JSON.stringify(response.body)?.slice(0, 120)}`;
        if (response.status >= 500) failures.push(what);
        else if (response.status >= 400 && typeof response.body?.message !== "string")
          failures.push(`${what}: no { message }`);
        else if (changesState(route.method) && response.status < 400)
          failures.push(`${what}: accepted`);
      }
    }
    const after = await stateFingerprint(server);
    if (JSON.stringify(after) !== JSON.stringify(before))
      failures.push(`${route.method} ${route.url} changed state`);
    before = after;
  }
  expect(failures).toEqual([]);
}, 120_000);

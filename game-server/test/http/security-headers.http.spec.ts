import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ensureClientBuilt } from "@igp/test-support/browser.ts";
import { signUpPlayer, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METRICS_TOKEN_REQUIRED } from "../../src/http/plugins/metrics.ts";

/**
 * What every answer says to the browser (CSP, framing, sniffing, referrer, caching), and which
 * operator pages (/api/docs, /metrics) a deployment exposes.
 */
describe("security headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    ensureClientBuilt();
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("puts the site under a strict CSP that nobody may frame", async () => {
    const page = await fetch(`${server.url}/dashboard/profile`);
    const csp = page.headers.get("content-security-policy")!;
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "script-src-attr": "'none'",
      "object-src": "'none'",
      "frame-ancestors": "'none'",
      "frame-src": "'none'",
      "connect-src": "'self'",
    });
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get("content-security-policy")).toBe(csp);
    expect(home.headers.get("cache-control")).toBe("no-cache");
  });

  it("keeps every /api answer out of caches, errors included; built assets keep theirs", async () => {
    const player = await signUpPlayer(server);
    const answers = [
      await server.call("GET", "/api/login/user", { token: player.token }),
      await server.call("GET", "/api/transactions/deposit", { token: player.token }),
      await server.call("GET", "/api/login/user"),
      await server.call("GET", "/api/no/such/route"),
      await server.call("POST", "/api/auth/user/register", { body: {} }),
    ];
    expect(answers.map((a) => [a.status, a.headers.get("cache-control")])).toEqual([
      [200, "no-store"],
      [200, "no-store"],
      [401, "no-store"],
      [404, "no-store"],
      [400, "no-store"],
    ]);
    const assets = fileURLToPath(new URL("../../../client/dist/assets", import.meta.url));
    const script = readdirSync(assets).find((name) => name.endsWith(".js"));
    const asset = await fetch(`${server.url}/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves the API docs and metrics for local work", async () => {
    expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(200);
    const docs = await fetch(`${server.url}/api/docs/static/index.html`);
    expect(docs.status).toBe(200);
    const docsPolicy = docs.headers.get("content-security-policy");
    expect(docsPolicy).toContain("frame-ancestors 'none'");
    expect(docsPolicy).toContain("script-src 'self';"); // inline styles only, never scripts
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
  });
});

describe("operator pages in production", () => {
  it("are off unless switched on", async () => {
    const server = await startTestServer({ env: { NODE_ENV: "production" } });
    try {
      for (const path of ["/api/docs", "/api/docs/json", "/metrics"]) {
        expect([path, (await fetch(`${server.url}${path}`)).status]).toEqual([path, 404]);
      }
    } finally {
      await server.stop();
    }
  });

  it("answer when switched on, metrics only to the bearer of their token", async () => {
    const token = "scrape-token-0123456789";
    const server = await startTestServer({
      env: { NODE_ENV: "production", API_DOCS: "on", METRICS: "on", METRICS_TOKEN: token },
    });
    try {
      expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(200);
      for (const authorization of [undefined, "Bearer wrong-token", `Basic ${token}`]) {
        const refused = await server.call("GET", "/metrics", {
          headers: authorization ? { authorization } : {},
        });
        expect(refused).toMatchObject({ status: 401, body: { message: METRICS_TOKEN_REQUIRED } });
      }
      const metrics = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get("cache-control")).toBe("no-store");
      expect(await metrics.text()).toContain("process_resident_memory_bytes");
    } finally {
      await server.stop();
    }
  });
});

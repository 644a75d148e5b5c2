import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../game-server/src/config/config.ts";
import type { RateLimits } from "../game-server/src/http/rate-limits.ts";
import { type Platform, startPlatform } from "../game-server/src/platform.ts";
import { createTestDatabase } from "./database.ts";

/** Limits high enough not to disturb tests that are not about them. */
export const RELAXED_LIMITS: RateLimits = {
  login: 10_000,
  register: 10_000,
  reset: 10_000,
  money: 10_000,
  tickets: 10_000,
};

export interface TestServer {
  platform: Platform;
  url: string;
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** The whole platform on a fresh test database, listening on a free port, over real HTTP. */
export async function startTestServer(
  options: { rateLimits?: Partial<RateLimits>; env?: NodeJS.ProcessEnv } = {},
): Promise<TestServer> {
  const config = await loadConfig({
    DATABASE_URL: await createTestDatabase(),
    DATA_DIR: await mkdtemp(path.join(tmpdir(), "igp-http-")),
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SUPERADMIN_EMAIL: "root@example.com",
    SUPERADMIN_PASSWORD: "root-password-1",
    ...options.env,
  });
  const platform = await startPlatform(config, {
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
  });
  const url = platform.url;
  return {
    platform,
    url,
    call: httpCaller(url),
    stop: () => platform.stop(),
  };
}

/** JSON over real HTTP to `url`: a bearer token, a body (JSON or FormData), the parsed answer. */
export function httpCaller(url: string): TestServer["call"] {
  return async (method, route, { token, body, headers = {} } = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)["content-type"] = "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await fetch(`${url}${route}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body: parsed, headers: response.headers };
  };
}

let counter = 0;
/** Registers a player with a unique phone and signs in; returns its token and id. */
export async function signUpPlayer(server: Pick<TestServer, "call">, fullName = "Abebe Kebede") {
  const phone = `09${String(Date.now() % 1e6).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`;
  const password = "secret12";
  const registered = await server.call("POST", "/api/auth/user/register", {
    body: { phone, fullName, password, confirmPassword: password },
  });
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await server.call("POST", "/api/auth/user/login", { body: { phone, password } });
  return {
    token: login.body.token as string,
    userId: login.body.userId as string,
    phone,
    password,
  };
}

export async function signInSuperAdmin(server: TestServer) {
  const login = await server.call("POST", "/api/auth/user/login", {
    body: { phone: "root@example.com", password: "root-password-1" },
  });
  return { token: login.body.token as string, userId: login.body.userId as string };
}

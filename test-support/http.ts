import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type Platform, type RateLimits, startPlatform } from "@igp/game-server";
import { createTestDatabase } from "./database.ts";

/** Limits high enough not to disturb tests that are not about them. */
export const RELAXED_LIMITS: RateLimits = {
  login: 10_000,
  register: 10_000,
  reset: 10_000,
  money: 10_000,
  tickets: 10_000,
  registerPerAddress: 10_000,
  registerPerAddressDaily: 10_000,
};

export interface TestServer {
  platform: Platform;
  url: string;
  call(
    method: string,
    path: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** "manual" answers a redirect itself instead of following it. */
      redirect?: "follow" | "manual" | "error";
    },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** The whole platform on a fresh test database, listening on a free port, over real HTTP. */
export async function startTestServer(
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: NodeJS.ProcessEnv;
    /** Receives each HTTP log line (JSON) at the env's LOG_LEVEL. */
    log?: (line: string) => void;
    /** Serve this build of the client instead of client/dist. */
    clientDirectory?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "igp-http-"));
  const config = await loadConfig({
    DATABASE_URL: await createTestDatabase(),
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SUPERADMIN_EMAIL: "root@example.com",
    SUPERADMIN_PASSWORD: "root-password-1",
    // Staff sign in with a password alone in tests that are not about the second factor (like
    // the relaxed limits); second-factor.http.spec.ts runs with it on, as deployments do.
    TWO_FACTOR_STAFF: "off",
    ...options.env,
  });
  const platform = await startPlatform(config, {
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    logStream: options.log && { write: options.log },
    clientDirectory: options.clientDirectory,
  });
  const url = platform.url;
  return {
    platform,
    url,
    call: httpCaller(url),
    // The server's secrets and uploads go with it (unless the caller named its own DATA_DIR).
    stop: async () => {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * JSON over real HTTP to `url`: a bearer token, a body (JSON, FormData, or raw bytes or text with
 * its own content-type header), the parsed answer.
 */
export function httpCaller(url: string): TestServer["call"] {
  return async (method, route, { token, body, headers = {}, redirect } = {}) => {
    const init: RequestInit = { method, headers: { ...headers }, redirect };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body instanceof FormData || body instanceof Uint8Array) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    // A string or JSON body is JSON unless the caller names another type (raw bodies in fuzzing).
    const names = Object.keys(init.headers as Record<string, string>).map((n) => n.toLowerCase());
    if (typeof init.body === "string" && !names.includes("content-type"))
      (init.headers as Record<string, string>)["content-type"] = "application/json";
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
    body: {
      phone,
      fullName,
      password,
      confirmPassword: password,
      ageConfirmed: true,
      termsAccepted: true,
    },
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

export async function signInSuperAdmin(server: Pick<TestServer, "call">) {
  const login = await server.call("POST", "/api/auth/user/login", {
    body: { phone: "root@example.com", password: "root-password-1" },
  });
  return { token: login.body.token as string, userId: login.body.userId as string };
}

/** Creates an agent (admin) account as the superAdmin and signs it in; returns its token and id. */
export async function signUpAgent(
  server: Pick<TestServer, "call">,
  rootToken: string,
  fullName = "Test Agent",
) {
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  const password = "agent-pass-1";
  const created = await server.call("POST", "/api/admin/accounts/create", {
    token: rootToken,
    body: { fullName, email, password },
  });
  if (created.status !== 201) throw new Error(`agent failed: ${JSON.stringify(created.body)}`);
  const login = await server.call("POST", "/api/auth/user/login", {
    body: { phone: email, password },
  });
  return { token: login.body.token as string, userId: login.body.userId as string, email };
}

import { spawn } from "node:child_process";
import { ROOT } from "@igp/test-support/server-process.ts";

/** The fields of API answers the benchmarks read. */
export interface ApiBody {
  id?: number;
  gameCode?: string;
  token?: string;
  [field: string]: unknown;
}

/** One JSON call to the server under test; a body that is not JSON comes back as `{ text }`. */
export async function call(
  url: string,
  method: string,
  route: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: ApiBody }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${url}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  } catch {
    return { status: response.status, body: { text } };
  }
}

/** The superAdmin's token (it signs in with its e-mail as the login name). */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const login = await call(url, "POST", "/api/auth/user/login", undefined, {
    phone: email,
    password,
  });
  if (login.status !== 200) throw new Error(`superAdmin login: ${JSON.stringify(login.body)}`);
  return login.body.token!;
}

/** Runs `npm run audit` on the benchmark's database; its verdict line decides the exit code. */
export function runAudit(env: NodeJS.ProcessEnv): Promise<{ code: number; verdict: string }> {
  console.log("- npm run audit");
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "audit"], { cwd: ROOT, env });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      for (const line of output.split("\n").filter((l) => l.trim() && !/^npm warn/i.test(l)))
        console.log(`  ${line}`);
      const verdict = /verdict\s+(.*)/.exec(output)?.[1]?.trim() ?? "(no verdict line)";
      resolve({ code: code ?? 1, verdict });
    });
  });
}

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./global-setup.ts";
import { ROOT, sleep } from "./server-process.ts";

/** Debian's nginx (`apt-get install nginx`; `.ci/run` installs it). */
export const NGINX = "/usr/sbin/nginx";

/** Why nginx tests cannot run here, or null when they can. */
export const nginxMissing = existsSync(NGINX)
  ? null
  : `skipped: no ${NGINX} (apt-get install nginx)`;

/** The proxy's site configuration as docker-compose.yml mounts it. */
export const SITE_TEMPLATE = path.join(ROOT, "deploy/nginx.conf");

/**
 * deploy/nginx.conf with its port and its two upstream processes replaced (nginx resolves
 * upstream host names when it loads, so the compose names app1 and app2 become loopback
 * addresses here). `edit` may change the result further (a proxy that strips headers).
 */
export async function renderSite(
  to: { listen: number; app1: string; app2: string },
  edit: (site: string) => string = (site) => site,
): Promise<string> {
  let site = await readFile(SITE_TEMPLATE, "utf8");
  for (const [from, into] of [
    ["listen 80;", `listen 127.0.0.1:${to.listen};`],
    ["server app1:3000", `server ${to.app1}`],
    ["server app2:3000", `server ${to.app2}`],
  ] as const) {
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    site = site.replaceAll(from, into);
  }
  return edit(site);
}

/**
 * A whole nginx configuration around a site, everything it writes (pid, logs, temporary files)
 * in `dir`, so that it runs without touching the machine's own nginx.
 */
async function writeConfig(dir: string, site: string): Promise<string> {
  for (const sub of ["temp", "logs"]) await mkdir(path.join(dir, sub), { recursive: true });
  // Started as root, nginx's workers run as nobody: they write temporary files here.
  for (const sub of ["", "temp", "logs"]) await chmod(path.join(dir, sub), 0o777);
  await writeFile(path.join(dir, "site.conf"), site);
  const file = path.join(dir, "nginx.conf");
  await writeFile(
    file,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/site.conf;
}
`,
  );
  return file;
}

const nginxArgs = (dir: string, file: string) => [
  "-p",
  dir,
  "-c",
  file,
  "-e",
  `${dir}/logs/error.log`,
];

/** `nginx -t` on a site: its exit status and what it said. */
export async function checkSite(site: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "igp-nginx-check-"));
  try {
    const checked = spawnSync(NGINX, ["-t", ...nginxArgs(dir, await writeConfig(dir, site))], {
      encoding: "utf8",
    });
    return { status: checked.status, output: `${checked.stdout}${checked.stderr}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface TestNginx {
  port: number;
  url: string;
  /** The access log so far (one line per request: method, path, status). */
  accessLog(): Promise<string>;
  /** Loads another site on the same port (SIGHUP: new workers, open connections finish). */
  reload(render: (port: number) => Promise<string>): Promise<void>;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground on a free loopback port with the site `render` gives for it. */
export async function startNginx(render: (port: number) => Promise<string>): Promise<TestNginx> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), "igp-nginx-"));
  const file = await writeConfig(dir, await render(port));
  const child = spawn(NGINX, [...nginxArgs(dir, file), "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const killAtExit = () => child.kill("SIGKILL");
  process.once("exit", killAtExit);
  const url = `http://127.0.0.1:${port}`;
  await listening(child, port, () => output);
  return {
    port,
    url,
    accessLog: () => readFile(path.join(dir, "logs/access.log"), "utf8").catch(() => ""),
    async reload(renderAgain) {
      await writeFile(path.join(dir, "site.conf"), await renderAgain(port));
      child.kill("SIGHUP");
      await sleep(1_500);
    },
    async stop() {
      process.off("exit", killAtExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT"); // graceful: finishes open requests
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until nginx accepts connections on the port; fails if it exits first. */
async function listening(child: ChildProcess, port: number, output: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output()}`);
    // A connection only: a request would reach the upstreams, not started yet, and mark them
    // failed for the site's fail_timeout (deploy/nginx.conf), refusing the first requests after.
    try {
      await connected(port);
      return;
    } catch {
      await sleep(100);
    }
  }
  child.kill("SIGKILL");
  throw new Error(`nginx did not listen on port ${port}: ${output()}`);
}

/** Opens and closes a TCP connection to the port; fails when nothing listens there. */
function connected(port: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("timeout", () => socket.destroy(new Error("timeout")));
    socket.once("error", reject);
  });
}

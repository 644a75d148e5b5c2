import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@igp/test-support/global-setup.ts";
import { checkSite, nginxMissing, renderSite } from "@igp/test-support/nginx.ts";
import { ROOT } from "@igp/test-support/server-process.ts";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * The deployment files checked without Docker (issue 33): docker-compose.yml parsed and
 * validated against the Compose Specification's schema (deploy/compose-spec) and by Debian's
 * docker-compose, the proxy's configuration by Debian's `nginx -t`, the image's health check
 * script run against a server.
 */
const COMPOSE_FILE = path.join(ROOT, "docker-compose.yml");
const DOCKER_COMPOSE = "/usr/bin/docker-compose";
const composeMissing = existsSync(DOCKER_COMPOSE)
  ? null
  : `skipped: no ${DOCKER_COMPOSE} (apt-get install docker-compose)`;

/** The settings compose requires (`${NAME:?message}`): it stops without them. */
const REQUIRED = [
  "POSTGRES_PASSWORD",
  "JWT_SECRET",
  "FAIRNESS_SECRET",
  "CODE_SECRET",
  "IMAGE_LINK_SECRET",
];
const secrets = Object.fromEntries(
  REQUIRED.map((name) => [name, `${name.toLowerCase()}-`.repeat(4)]),
);

const readCompose = async () => parse(await readFile(COMPOSE_FILE, "utf8"), { merge: true });

async function composeSchemaErrors(document: unknown) {
  const schema = JSON.parse(
    await readFile(path.join(ROOT, "deploy/compose-spec/compose-spec.json"), "utf8"),
  );
  // The schema names draft-07 by an address ajv does not map; it is plain draft-07.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  const validate = ajv.compile(schema);
  validate(document);
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** `docker-compose config` with exactly this environment (no .env file). */
async function composeConfig(env: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), "igp-compose-"));
  try {
    const emptyEnvFile = path.join(dir, "empty.env");
    await writeFile(emptyEnvFile, "");
    const run = spawnSync(
      DOCKER_COMPOSE,
      ["--env-file", emptyEnvFile, "-f", COMPOSE_FILE, "config"],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" },
    );
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("docker-compose.yml", () => {
  it("is valid under the Compose Specification's schema", async () => {
    expect(await composeSchemaErrors(await readCompose())).toEqual([]);
  });

  it("the schema check refuses what the parser refused before (an unquoted `? 0: 1`)", async () => {
    const broken = parse(
      `services:
  app:
    image: node:24
    healthcheck:
      test:
        - CMD
        - node
        - -e
        - fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0: 1), () => process.exit(1))
`,
    );
    expect((await composeSchemaErrors(broken)).join("\n")).toContain(
      "/services/app/healthcheck/test",
    );
  });

  it("runs the built image (no source mount, no install at start), migrate first, images pinned", async () => {
    const { services } = await readCompose();
    for (const name of ["migrate", "app1", "app2"]) {
      const service = services[name];
      expect(service.build, name).toBe(".");
      expect(service.image, name).toMatch(/^instant-games:/);
      expect(service.command ?? [], name).not.toContain("install");
      for (const volume of service.volumes ?? []) expect(volume, name).not.toMatch(/^\.{1,2}[/:]/);
      expect(service.environment.NODE_ENV, name).toBe("production");
    }
    expect(services.migrate.command.join(" ")).toContain("game-server/src/cli/migrate.ts");
    expect(services.app1.depends_on.migrate.condition).toBe("service_completed_successfully");
    expect(services.postgres.image).toMatch(/^postgres:18\.\d+$/);
    expect(services.kurrentdb.image).toMatch(/\/kurrentdb:25\.\d+(\.\d+)?$/);
    expect(services.redis.image).toMatch(/^redis:7\.\d+(\.\d+)?$/);
    expect(services.proxy.image).toMatch(/^nginx:1\.2\d(\.\d+)?$/);
    // The health check is a script in the image: nothing for YAML or a shell to misread.
    expect(services.app1.healthcheck.test).toEqual(["CMD", "node", "deploy/healthcheck.mjs"]);
  });

  it.skipIf(composeMissing)(
    `parses with docker-compose (${composeMissing ?? "1.29"})`,
    async () => {
      const config = await composeConfig(secrets);
      expect(config.stderr).toBe("");
      expect(config.status).toBe(0);
      const resolved = parse(config.stdout);
      expect(Object.keys(resolved.services).sort()).toEqual(
        ["app1", "app2", "kurrentdb", "migrate", "postgres", "proxy", "redis"].sort(),
      );
      expect(resolved.services.app1.environment.JWT_SECRET).toBe(secrets.JWT_SECRET);
      expect(resolved.services.app2.environment.PUBLIC_ADDRESS).toBe("localhost:8080/p2");
    },
  );

  it.skipIf(composeMissing)(
    "stops naming the setting when a secret is missing from .env",
    async () => {
      for (const name of REQUIRED) {
        const { [name]: _missing, ...others } = secrets;
        const config = await composeConfig(others);
        expect(config.status, name).not.toBe(0);
        expect(config.stderr, name).toContain(`set ${name}`);
      }
    },
  );

  it(".env.example names every setting compose requires", async () => {
    const example = await readFile(path.join(ROOT, ".env.example"), "utf8");
    for (const name of REQUIRED) expect(example).toMatch(new RegExp(`^${name}=`, "m"));
  });
});

describe("Dockerfile", () => {
  it("builds in stages, installs production dependencies only and runs unprivileged in production", async () => {
    const dockerfile = await readFile(path.join(ROOT, "Dockerfile"), "utf8");
    const stages = dockerfile.match(/^FROM /gm) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/HEALTHCHECK .*\n?.*"node", "deploy\/healthcheck\.mjs"/);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-bookworm-slim$/m);
  });

  it("its health check script answers 0 for a healthy server, 1 otherwise", async () => {
    let healthy = true;
    const server = createServer((request, response) => {
      response.statusCode = request.url === "/api/health" && healthy ? 200 : 503;
      response.end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    const check = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ["deploy/healthcheck.mjs"], {
          cwd: ROOT,
          env: { ...process.env, PORT: String(port) },
        });
        child.once("exit", resolve);
      });
    try {
      expect(await check()).toBe(0);
      healthy = false;
      expect(await check()).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await check()).toBe(1); // nothing listening
  });
});

describe.skipIf(nginxMissing)(`deploy/nginx.conf (${nginxMissing ?? "nginx -t"})`, () => {
  const loopback = { listen: 18080, app1: "127.0.0.1:13001", app2: "127.0.0.1:13002" };

  it("passes nginx -t", async () => {
    const checked = await checkSite(await renderSite(loopback));
    expect(checked.output).toContain("syntax is ok");
    expect(checked.output).toContain("test is successful");
    expect(checked.status).toBe(0);
  });

  it("nginx -t fails on a broken site (the check can fail)", async () => {
    const checked = await checkSite(
      await renderSite(loopback, (site) =>
        site.replace("proxy_http_version 1.1;", "proxy_http_version;"),
      ),
    );
    expect(checked.status).not.toBe(0);
  });
});

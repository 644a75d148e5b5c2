import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, exposure, loadConfig, parseEnv } from "./config.ts";

const message = (env: NodeJS.ProcessEnv) => {
  try {
    parseEnv(env);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe("configuration", () => {
  it("has working defaults for every setting", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: ".data",
      EVENT_STORE: "postgres",
      CURRENCY: "ETB",
      PHONE_DEFAULT_COUNTRY: "ET",
    });
  });

  it("explains each bad value in one line", () => {
    expect(message({ PORT: "abc" })).toBe(
      'Invalid configuration: PORT Invalid input: expected number, received NaN (got "abc")',
    );
    expect(message({ PORT: "-1" })).toMatch(/^Invalid configuration: PORT .*-1/);
    expect(message({ PORT: "70000" })).toMatch(/^Invalid configuration: PORT .*70000/);
    expect(message({ EVENT_STORE: "mongo" })).toMatch(/^Invalid configuration: EVENT_STORE /);
    expect(message({ EVENT_STORE: "kurrentdb" })).toBe(
      "Invalid configuration: KURRENTDB_URL is required when EVENT_STORE=kurrentdb",
    );
    expect(message({ DATABASE_URL: "mysql://x" })).toBe(
      "Invalid configuration: DATABASE_URL must be a postgres:// connection string",
    );
    expect(message({ SUPERADMIN_EMAIL: "nope" })).toMatch(
      /^Invalid configuration: SUPERADMIN_EMAIL must be an e-mail/,
    );
    expect(message({ JWT_SECRET: "short" })).toBe(
      "Invalid configuration: JWT_SECRET must be at least 32 characters",
    );
    expect(message({ PORT: "x", CURRENCY: "birr" })?.split("\n")).toHaveLength(2);
    expect(message({ SUPERADMIN_EMAIL: "a@b.co", SUPERADMIN_PASSWORD: "aaaaaaaaaa" })).toBe(
      "Invalid configuration: SUPERADMIN_PASSWORD is refused: Password must contain letters and numbers.",
    );
    expect(message({ PHONE_DEFAULT_COUNTRY: "XX" })).toBe(
      'Invalid configuration: PHONE_DEFAULT_COUNTRY must be a supported ISO 3166 country code such as ET (got "XX")',
    );
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("generates a JWT secret once and keeps it in the data directory", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "igp-config-"));
    const first = await loadConfig({ DATA_DIR: dataDir });
    const second = await loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await readFile(path.join(dataDir, "jwt-secret"), "utf8")).trim()).toBe(first.jwtSecret);
    expect((await loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40) })).jwtSecret).toBe(
      "x".repeat(40),
    );
  });

  it("serves /api/docs and /metrics except in production, unless set", () => {
    const expose = (env: NodeJS.ProcessEnv) => exposure(parseEnv(env));
    expect(expose({})).toEqual({ apiDocs: true, metrics: true });
    expect(expose({ NODE_ENV: "test" })).toEqual({ apiDocs: true, metrics: true });
    expect(expose({ NODE_ENV: "production" })).toEqual({ apiDocs: false, metrics: false });
    expect(expose({ NODE_ENV: "production", METRICS: "on" })).toEqual({
      apiDocs: false,
      metrics: true,
    });
    expect(expose({ API_DOCS: "off" })).toEqual({ apiDocs: false, metrics: true });
    expect(message({ METRICS: "yes" })).toBe(
      'Invalid configuration: METRICS must be "on" or "off" (got "yes")',
    );
    expect(message({ METRICS_TOKEN: "short" })).toBe(
      "Invalid configuration: METRICS_TOKEN must be at least 16 characters",
    );
  });

  it("keeps a generated image link secret in the data directory", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "igp-config-"));
    const first = await loadConfig({ DATA_DIR: dataDir });
    expect(first.imageLinkSecret.length).toBeGreaterThanOrEqual(32);
    expect((await loadConfig({ DATA_DIR: dataDir })).imageLinkSecret).toBe(first.imageLinkSecret);
    expect(first.imageLinkSecret).not.toBe(first.jwtSecret);
  });
});

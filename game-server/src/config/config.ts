import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type CountryCode,
  DEFAULT_MINIMUM_AGE,
  isSupportedCountry,
  passwordProblem,
} from "@igp/shared";
import { z } from "zod";

const onOff = z.enum(["on", "off"], { error: 'must be "on" or "off"' });

/** Every setting the server reads from the environment; `.env.example` documents each. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
      .optional(),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65_535).default(54329),
    EVENT_STORE: z.enum(["postgres", "kurrentdb"]).default("postgres"),
    KURRENTDB_URL: z
      .string()
      .regex(/^(kurrentdb|esdb|kdb)(\+discover)?:\/\//, "must be a kurrentdb:// connection string")
      .optional(),
    SUPERADMIN_EMAIL: z.email("must be an e-mail address").optional(),
    /** Held to the staff password rule, like every staff account (shared/src/password-policy.ts). */
    SUPERADMIN_PASSWORD: z
      .string()
      .superRefine((password, ctx) => {
        const problem = passwordProblem(password, "staff", {
          required: "must not be empty",
          tooShort: "must be at least 10 characters",
        });
        if (problem) ctx.addIssue({ code: "custom", message: `is refused: ${problem}` });
      })
      .optional(),
    JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    FAIRNESS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    CODE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Signs the short-lived links to private images (payment proofs). */
    IMAGE_LINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /**
     * The operator's Ed25519 public key that signs ledger exports (PEM, or a file holding it),
     * published at GET /api/fair/export-key for auditors' verifiers (docs/audit.md).
     */
    LEDGER_EXPORT_PUBLIC_KEY: z.string().min(1).optional(),
    LEDGER_EXPORT_PUBLIC_KEY_FILE: z.string().min(1).optional(),
    /**
     * The server's own Ed25519 private key (PEM, or a file holding it) that signs the exports
     * auditors download from the back office; made once in DATA_DIR when unset (docs/audit.md).
     */
    LEDGER_DOWNLOAD_KEY: z.string().min(1).optional(),
    LEDGER_DOWNLOAD_KEY_FILE: z.string().min(1).optional(),
    NODE_ENV: z.string().optional(),
    /** OpenAPI at /api/docs: on by default except when NODE_ENV=production. */
    API_DOCS: onOff.optional(),
    /** Prometheus metrics at /metrics: on by default except when NODE_ENV=production. */
    METRICS: onOff.optional(),
    /** When set, /metrics answers only requests bearing it (Authorization: Bearer ...). */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * The start notice between the second player joining and the flip (spec: 5 seconds); also a
     * lottery's between the close of its sales and its drawing (`drawingSoon`).
     */
    GAME_START_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** The pause between two winners revealed in a lottery's drawing. */
    LOTTERY_REVEAL_EVERY_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    /** Staff (admins, superAdmins) must sign in with an authenticator code: on by default. */
    TWO_FACTOR_STAFF: onOff.default("on"),
    /** Players must too (off by default; a player may still add an authenticator). */
    TWO_FACTOR_PLAYERS: onOff.default("off"),
    /** Approving more than this (major units) asks the staff member's authenticator code again. */
    STEP_UP_AMOUNT: z.coerce.number().int().min(0).max(100_000_000).default(10_000),
    /** The age players confirm (registration, or the profile before their first stake). */
    MINIMUM_AGE: z.coerce.number().int().min(16).max(25).default(DEFAULT_MINIMUM_AGE),
    /**
     * Linked accounts: this many sign-ups from one address within LINKED_SIGN_UP_WINDOW_MINUTES
     * link those accounts (docs/linked-accounts.md). Carrier NAT puts many people behind one
     * address: raise the count where that shows as false links.
     */
    LINKED_SIGN_UP_COUNT: z.coerce.number().int().min(2).max(1_000).default(3),
    LINKED_SIGN_UP_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).default(10),
    /** Lottery tickets one player may buy per minute. */
    RATE_LIMIT_TICKETS: z.coerce.number().int().min(1).max(10_000_000).default(120),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional(),
    /** Milliseconds a request waits on Redis before it is answered 503 (every command's bound). */
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    /**
     * Where browsers reach this process' websockets (host[:port][/path], no scheme): matchmaking
     * sends a client there for a room this process holds. Needed with several processes.
     */
    PUBLIC_ADDRESS: z
      .string()
      .regex(
        /^[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~-]+)*$/,
        "must be host[:port][/path] without a scheme",
      )
      .optional(),
    /** Seconds a dropped client may take to come back to its room (Colyseus reconnection). */
    RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    /** Seconds a round's lease lasts unrenewed: how soon a dead process' rounds move elsewhere. */
    ROUND_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).default(10),
    /**
     * Which proxies' X-Forwarded-For to believe: unset or false (none, the socket's address),
     * true (any), a hop count, or addresses/CIDRs separated by commas.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
        "must be true, false, a hop count or addresses/CIDRs separated by commas",
      )
      .optional(),
    RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).max(100_000).optional(),
    RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).max(100_000).optional(),
    RATE_LIMIT_RESET: z.coerce.number().int().min(1).max(100_000).optional(),
    RATE_LIMIT_MONEY: z.coerce.number().int().min(1).max(100_000).optional(),
    /** Registrations one address may make, whatever the phone: per minute, and per day. */
    RATE_LIMIT_REGISTER_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).optional(),
    RATE_LIMIT_REGISTER_PER_ADDRESS_DAILY: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be a 3-letter ISO 4217 code")
      .default("ETB"),
    /** Phones typed without a country code belong to this country (ISO 3166 code). */
    PHONE_DEFAULT_COUNTRY: z
      .string()
      .refine(
        (code) => isSupportedCountry(code),
        "must be a supported ISO 3166 country code such as ET",
      )
      .transform((code) => code as CountryCode)
      .default("ET"),
    PUBLIC_URL: z.url("must be a URL such as https://games.example.com").optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url("must be a URL").default("https://accounts.google.com"),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]{30,}$/, "must look like 123456:ABC... (from @BotFather)")
      .optional(),
    TELEGRAM_BOT_NAME: z
      .string()
      .regex(/^\w{5,32}$/, "must be the bot's username")
      .optional(),
    /** Where Telegram opens the Mini App (the site's address, https): the menu button's link. */
    TELEGRAM_MINI_APP_URL: z
      .url("must be a URL such as https://games.example.com")
      .refine((url) => url.startsWith("https://"), "must be an https:// URL (Telegram requires it)")
      .optional(),
    /** The Mini App's short name from BotFather's /newapp; unset: the bot's main Mini App. */
    TELEGRAM_MINI_APP_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_]{3,30}$/, "must be the Mini App's short name from BotFather")
      .optional(),
    /** How old a Mini App's init data may be to sign in (each is accepted once anyway). */
    TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(604_800).default(3600),
    /** The Bot API's address (tests point it at a fake Bot API). */
    TELEGRAM_BOT_API_URL: z.url("must be a URL").default("https://api.telegram.org"),
    /** Money notices as bot messages to players from the Mini App who allowed them. */
    TELEGRAM_NOTICES: onOff.default("on"),
    /** The least time between two bot messages (the Bot API allows about 30 a second). */
    TELEGRAM_SEND_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  })
  .refine((env) => env.EVENT_STORE !== "kurrentdb" || env.KURRENTDB_URL, {
    message: "is required when EVENT_STORE=kurrentdb",
    path: ["KURRENTDB_URL"],
  })
  .refine((env) => !env.GOOGLE_CLIENT_ID === !env.GOOGLE_CLIENT_SECRET, {
    message: "and GOOGLE_CLIENT_SECRET go together",
    path: ["GOOGLE_CLIENT_ID"],
  })
  .refine((env) => !env.TELEGRAM_BOT_TOKEN === !env.TELEGRAM_BOT_NAME, {
    message: "and TELEGRAM_BOT_NAME go together",
    path: ["TELEGRAM_BOT_TOKEN"],
  })
  .refine((env) => env.TELEGRAM_BOT_TOKEN || !env.TELEGRAM_MINI_APP_URL, {
    message: "needs TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME",
    path: ["TELEGRAM_MINI_APP_URL"],
  })
  .refine((env) => !env.SUPERADMIN_PASSWORD || env.SUPERADMIN_EMAIL, {
    message: "is required when SUPERADMIN_PASSWORD is set",
    path: ["SUPERADMIN_EMAIL"],
  });

export type Env = z.infer<typeof envSchema>;
export type Config = Env & {
  dataDir: string;
  jwtSecret: string;
  fairnessSecret: string;
  codeSecret: string;
  imageLinkSecret: string;
  /** Whether /api/docs and /metrics are served (see `exposure`). */
  apiDocs: boolean;
  metrics: boolean;
};

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Validates the environment; throws a ConfigError whose message is one line per problem. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const given = env[name];
    const shown =
      given === undefined || /SECRET|PASSWORD|URL|TOKEN/.test(name) ? "" : ` (got "${given}")`;
    return `Invalid configuration: ${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(lines.join("\n"));
}

/** Parses the environment and fills what can be generated: the data directory, the JWT secret. */
export async function loadConfig(env: NodeJS.ProcessEnv): Promise<Config> {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const jwtSecret = parsed.JWT_SECRET ?? (await keptSecret(path.join(dataDir, "jwt-secret")));
  // Server seeds derive from it (docs/fairness.md): it must outlive every open round.
  const fairnessSecret =
    parsed.FAIRNESS_SECRET ?? (await keptSecret(path.join(dataDir, "fairness-secret")));
  const imageLinkSecret =
    parsed.IMAGE_LINK_SECRET ?? (await keptSecret(path.join(dataDir, "image-link-secret")));
  // Deposit and withdraw codes are kept as digests under it: pending requests need it unchanged.
  const codeSecret = parsed.CODE_SECRET ?? (await keptSecret(path.join(dataDir, "code-secret")));
  return {
    ...parsed,
    dataDir,
    jwtSecret,
    fairnessSecret,
    codeSecret,
    imageLinkSecret,
    ...exposure(parsed),
  };
}

/**
 * The operator's pages: served for local work, off in production unless switched on (the
 * API's map and the process's figures help an attacker more than a player).
 */
export function exposure(env: Env): { apiDocs: boolean; metrics: boolean } {
  const local = env.NODE_ENV !== "production";
  return {
    apiDocs: env.API_DOCS ? env.API_DOCS === "on" : local,
    metrics: env.METRICS ? env.METRICS === "on" : local,
  };
}

/** A random secret created once and kept in the data directory, readable by its owner only. */
async function keptSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** TRUST_PROXY as Fastify's `trustProxy`: false unless configured (X-Forwarded-For ignored). */
export function trustProxyFrom(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  // A hop count: believe that many proxies nearest to the server.
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  return value.split(",").map((entry) => entry.trim());
}

/** The RATE_LIMIT_* settings that were given (the rest keep their defaults). */
export function rateLimitsFrom(env: Env) {
  const given = {
    login: env.RATE_LIMIT_LOGIN,
    register: env.RATE_LIMIT_REGISTER,
    reset: env.RATE_LIMIT_RESET,
    money: env.RATE_LIMIT_MONEY,
    registerPerAddress: env.RATE_LIMIT_REGISTER_PER_ADDRESS,
    registerPerAddressDaily: env.RATE_LIMIT_REGISTER_PER_ADDRESS_DAILY,
  };
  return Object.fromEntries(Object.entries(given).filter(([, max]) => max !== undefined)) as {
    [name in keyof typeof given]?: number;
  };
}

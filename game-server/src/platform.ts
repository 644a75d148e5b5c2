import path from "node:path";
import { fileURLToPath } from "node:url";
import { CommandHandler, type EventStore, Ledger } from "@igp/ledger";
import { type CoinSide, majorToMinor } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import { AdminUsersRepository } from "./accounts/admin-users-repository.ts";
import { type BootstrapResult, bootstrapSuperAdmin } from "./accounts/bootstrap-super-admin.ts";
import { createGoogleSignIn } from "./accounts/google-sign-in.ts";
import { SecondFactors } from "./accounts/second-factor.ts";
import { Sessions } from "./accounts/sessions.ts";
import { SignInThrottle } from "./accounts/sign-in-throttle.ts";
import { createTokens } from "./accounts/tokens.ts";
import { UsersRepository } from "./accounts/users-repository.ts";
import { type Config, rateLimitsFrom, trustProxyFrom } from "./config/config.ts";
import { type Database, openDatabase } from "./database/database.ts";
import { createEventStore } from "./database/event-store.ts";
import { DuplicateReferenceGuard } from "./fraud-signals/duplicate-reference-guard.ts";
import { fingerprintBackfill } from "./fraud-signals/fingerprint-backfill.ts";
import { ImageFingerprints } from "./fraud-signals/image-fingerprints.ts";
import { RequestSignals } from "./fraud-signals/request-signals.ts";
import type { CoinFlipSeat } from "./games/coin-flip/coin-flip.rules.ts";
import { LotteryRegistry } from "./games/lottery/lottery-registry.ts";
import { LotteryRounds } from "./games/lottery/lottery-rounds.ts";
import { ROUND_GAMES } from "./games/round-game-catalog.ts";
import type { RoundGames } from "./games/round-kernel/round-games.ts";
import { RoundLifecycle } from "./games/round-kernel/round-lifecycle.ts";
import { RoundRegistry } from "./games/round-kernel/round-registry.ts";
import type { SpinWheelSeat } from "./games/spin-wheel/spin-wheel.rules.ts";
import { buildApp } from "./http/app.ts";
import { watchAppends } from "./http/plugins/fresh-reads.ts";
import type { RateLimits } from "./http/rate-limits.ts";
import { downloadSigningKey, publishedExportKey } from "./ledger-export/export-key.ts";
import { AccountTraces } from "./linked-accounts/account-traces.ts";
import { BalanceNotifier } from "./realtime/balance-notifier.ts";
import { type Realtime, startRealtime } from "./realtime/realtime-server.ts";
import { createRoomAuth } from "./realtime/room-auth.ts";
import { StaffFeed } from "./realtime/staff-feed.ts";
import { deriveKey, SealedBox } from "./security/sealed-box.ts";
import { createBotApi } from "./telegram/bot-api.ts";
import { TelegramNoticesFeeder } from "./telegram/telegram-notices-feeder.ts";
import { TelegramOutbox } from "./telegram/telegram-outbox.ts";
import { TelegramOutboxSender } from "./telegram/telegram-outbox-sender.ts";
import { telegramSettingsFrom } from "./telegram/telegram-settings.ts";
import { createImageLinks } from "./uploads/image-links.ts";
import { createImageStore } from "./uploads/image-store.ts";
import { AgentTransactionsRepository } from "./wallet/agent-transactions-repository.ts";
import { BanksRepository } from "./wallet/banks-repository.ts";
import { ChargesRepository } from "./wallet/charges-repository.ts";
import { CodeAttempts } from "./wallet/code-attempts.ts";
import { RequestCodes } from "./wallet/request-codes.ts";
import { RequestsRepository } from "./wallet/requests-repository.ts";
import { BackgroundWorkers } from "./workers/background-workers.ts";
import { ProjectionsProgress } from "./workers/projections-progress.ts";

export interface Platform {
  config: Config;
  app: FastifyInstance;
  database: Database;
  store: EventStore;
  ledger: Ledger;
  /** Every round game's lifecycle (the round kernel), by type. */
  games: RoundGames;
  coinFlipRounds: RoundLifecycle<CoinFlipSeat, CoinSide>;
  spinWheelRounds: RoundLifecycle<SpinWheelSeat, number>;
  lotteries: LotteryRounds;
  superAdmin: BootstrapResult;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts everything in order: database (embedded unless DATABASE_URL), migrations, the first
 * superAdmin, the event store and ledger, the background workers, then HTTP. `stop` undoes
 * what was started, in reverse; a failed start undoes itself. Safe to call twice.
 */
export async function startPlatform(
  config: Config,
  options: {
    rateLimits?: Partial<RateLimits>;
    /** Where the HTTP log goes instead of stdout (tests read it). */
    logStream?: { write(line: string): void };
    /** For tests: another build of the client (a new deploy). */
    clientDirectory?: string;
  } = {},
): Promise<Platform> {
  const undo: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      for (const step of undo.reverse()) await step();
    })();
    return stopping;
  };
  try {
    // Ctrl-C reaches the embedded PostgreSQL too: connection errors while stopping are expected.
    const log = (line: string) => stopping || process.stdout.write(`${line}\n`);
    const database = await openDatabase(config, log);
    undo.push(() => database.close());
    const superAdmin = await bootstrapSuperAdmin(database.pool, {
      email: config.SUPERADMIN_EMAIL,
      password: config.SUPERADMIN_PASSWORD,
    });
    const { store, watermark } = watchAppends(createEventStore(config, database.pool));
    const progress = new ProjectionsProgress(database.pool);
    undo.push(() => store.close());
    // Stakes of players who have not confirmed the minimum age are refused (docs/safer-play.md).
    const ledger = new Ledger(new CommandHandler(store), { requireAgeConfirmation: true });
    const registry = new RoundRegistry(database.pool);
    const lifecycle = [registry, database.pool, ledger, config.fairnessSecret] as const;
    const games = Object.fromEntries(
      ROUND_GAMES.map(({ rules }) => [rules.type, new RoundLifecycle(rules, ...lifecycle)]),
    ) as RoundGames;
    const lotteries = new LotteryRounds(
      new LotteryRegistry(database.pool),
      ledger,
      config.fairnessSecret,
      config.LOTTERY_REVEAL_EVERY_MS,
    );
    const users = new UsersRepository(database.pool, config.PHONE_DEFAULT_COUNTRY);
    const codes = new RequestCodes(config.codeSecret);
    const tokens = createTokens(config.jwtSecret);
    const sessions = new Sessions(database.pool, tokens);
    const imageLinks = createImageLinks(config.imageLinkSecret);
    let workers: BackgroundWorkers | null = null;
    // Started after the routes are registered (Colyseus hooks into the HTTP server).
    let realtime: Realtime | null = null;
    const images = createImageStore(path.join(config.dataDir, "uploads"));
    const fingerprints = new ImageFingerprints(database.pool);
    const app = await buildApp(
      {
        pool: database.pool,
        store,
        watermark,
        progress,
        ledger,
        users,
        games,
        registry,
        lotteries,
        roundRooms: () => realtime!.roundRooms,
        lotteryRooms: () => realtime!.lotteryRooms,
        adminUsers: new AdminUsersRepository(database.pool, config.PHONE_DEFAULT_COUNTRY),
        signInThrottle: new SignInThrottle(database.pool),
        banks: new BanksRepository(database.pool),
        requests: new RequestsRepository(database.pool, codes, imageLinks),
        codes,
        codeAttempts: new CodeAttempts(database.pool),
        atRest: new SealedBox(deriveKey(config.codeSecret, "idempotent answers")),
        charges: new ChargesRepository(database.pool, imageLinks),
        agentTransactions: new AgentTransactionsRepository(database.pool, imageLinks),
        cookieSecret: config.jwtSecret,
        google: googleSignInFrom(config),
        telegram: telegramSettingsFrom(config),
        publicUrl: config.PUBLIC_URL,
        exportKey: publishedExportKey(config),
        downloadKey: await downloadSigningKey(config, config.dataDir),
        currency: config.CURRENCY,
        clientDirectory:
          options.clientDirectory ?? fileURLToPath(new URL("../../client/dist", import.meta.url)),
        images,
        fingerprints,
        signals: new RequestSignals(database.pool),
        duplicateReferences: new DuplicateReferenceGuard(database.pool),
        imageLinks,
        operatorPages: {
          apiDocs: config.apiDocs,
          metrics: config.metrics,
          metricsToken: config.METRICS_TOKEN,
        },
        tokens,
        sessions,
        secondFactors: new SecondFactors(database.pool, config.codeSecret),
        secondFactorPolicy: {
          staff: config.TWO_FACTOR_STAFF === "on",
          players: config.TWO_FACTOR_PLAYERS === "on",
        },
        stepUpMinor: majorToMinor(config.STEP_UP_AMOUNT)!,
        minimumAge: config.MINIMUM_AGE,
        accountTraces: new AccountTraces(database.pool, {
          count: config.LINKED_SIGN_UP_COUNT,
          windowMinutes: config.LINKED_SIGN_UP_WINDOW_MINUTES,
        }),
        workersActive: () => workers?.active ?? false,
        redis: config.REDIS_URL ? { ready: () => realtime?.redisReady() ?? false } : null,
        rateLimits: {
          ...rateLimitsFrom(config),
          tickets: config.RATE_LIMIT_TICKETS,
          ...options.rateLimits,
        },
      },
      {
        logger: { level: config.LOG_LEVEL, stream: options.logStream },
        // Client addresses come from X-Forwarded-For only behind a proxy configured as trusted.
        trustProxy: trustProxyFrom(config.TRUST_PROXY),
      },
    );
    const report = (message: string, error?: unknown) => {
      if (stopping) return;
      if (error) app.log.error({ err: error }, message);
      else app.log.info(message);
    };
    const balances = new BalanceNotifier(
      store,
      ledger,
      database.pool,
      progress,
      (error) => report("Balance notifier error.", error),
      config.LOTTERY_REVEAL_EVERY_MS,
    );
    const staffFeed = new StaffFeed(store, database.pool, progress, (error) =>
      report("Staff feed error.", error),
    );
    realtime = await startRealtime(app, {
      auth: createRoomAuth(tokens, sessions, config.PUBLIC_URL),
      balances,
      staffFeed,
      registry,
      games,
      lotteries,
      pool: database.pool,
      startNoticeMs: config.GAME_START_NOTICE_MS,
      lotteryRevealEveryMs: config.LOTTERY_REVEAL_EVERY_MS,
      log: report,
      redisUrl: config.REDIS_URL,
      redisTimeoutMs: config.REDIS_TIMEOUT_MS,
      publicAddress: config.PUBLIC_ADDRESS,
      reconnectGraceSeconds: config.RECONNECT_GRACE_SECONDS,
      secrets: {
        JWT_SECRET: config.jwtSecret,
        FAIRNESS_SECRET: config.fairnessSecret,
        CODE_SECRET: config.codeSecret,
        IMAGE_LINK_SECRET: config.imageLinkSecret,
      },
      // Rounds left open by a stopped or dead process resume here once their leases lapse.
      roundLeaseMs: config.ROUND_LEASE_SECONDS * 1000,
    });
    const rooms = realtime;
    await balances.start();
    undo.push(() => balances.stop());
    await staffFeed.start();
    undo.push(() => staffFeed.stop());
    // Lotteries close, draw and delete in their rooms (realtime/lottery.room.ts): each
    // lottery not finished has one, in one process, adopted when its process dies.
    workers = new BackgroundWorkers(
      database.pool,
      store,
      ledger,
      report,
      [
        ...telegramNoticeWorkers(config, database.pool, store, progress, report),
        fingerprintBackfill(fingerprints, images, report),
      ],
      (position) => progress.committed(position),
    );
    const started = workers;
    undo.push(() => started.stop());
    await workers.start();
    undo.push(() => app.close());
    // Before the HTTP server closes: websockets first, then every room is disposed.
    undo.push(() => rooms.stop());
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    return {
      config,
      app,
      database,
      store,
      ledger,
      games,
      coinFlipRounds: games["coin-flip"],
      spinWheelRounds: games["spin-wheel"],
      lotteries,
      superAdmin,
      url,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The bot messages of money notices (docs/telegram.md), when the bot is set up and they are on. */
function telegramNoticeWorkers(
  config: Config,
  pool: Database["pool"],
  store: EventStore,
  progress: ProjectionsProgress,
  log: (message: string, error?: unknown) => void,
) {
  const telegram = telegramSettingsFrom(config);
  if (!telegram || config.TELEGRAM_NOTICES === "off") return [];
  const outbox = new TelegramOutbox(pool);
  const bot = createBotApi({ baseUrl: config.TELEGRAM_BOT_API_URL, token: telegram.botToken });
  const sender = new TelegramOutboxSender(outbox, bot, {
    intervalMs: config.TELEGRAM_SEND_INTERVAL_MS,
    log,
  });
  const feeder = new TelegramNoticesFeeder(
    store,
    pool,
    progress,
    outbox,
    config.CURRENCY,
    () => sender.nudge(),
    (error) => log("Telegram notices error.", error),
    config.LOTTERY_REVEAL_EVERY_MS,
  );
  return [feeder, sender];
}

function googleSignInFrom(config: Config) {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return createGoogleSignIn({
    issuer: config.GOOGLE_ISSUER,
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
  });
}

import { type KeyObject, randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { EventStore, Ledger } from "@igp/ledger";
import { installIssueMessages } from "@igp/shared";
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type preValidationHookHandler,
  type RouteOptions,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type pg from "pg";
import type { AdminUsersRepository } from "../accounts/admin-users-repository.ts";
import type { GoogleSignIn } from "../accounts/google-sign-in.ts";
import type { SecondFactors } from "../accounts/second-factor.ts";
import type { Sessions } from "../accounts/sessions.ts";
import type { SignInThrottle } from "../accounts/sign-in-throttle.ts";
import type { Tokens } from "../accounts/tokens.ts";
import type { UsersRepository } from "../accounts/users-repository.ts";
import type { DuplicateReferenceGuard } from "../fraud-signals/duplicate-reference-guard.ts";
import type { ImageFingerprints } from "../fraud-signals/image-fingerprints.ts";
import type { RequestSignals } from "../fraud-signals/request-signals.ts";
import type { LotteryRounds } from "../games/lottery/lottery-rounds.ts";
import { ROUND_GAMES } from "../games/round-game-catalog.ts";
import type { RoundGames } from "../games/round-kernel/round-games.ts";
import type { RoundRegistry } from "../games/round-kernel/round-registry.ts";
import type { PublishedExportKey } from "../ledger-export/export-key.ts";
import type { AccountTraces } from "../linked-accounts/account-traces.ts";
import type { LotteryRooms } from "../realtime/lottery-rooms.ts";
import type { RoundRooms } from "../realtime/round-rooms.ts";
import type { SealedBox } from "../security/sealed-box.ts";
import type { TelegramSettings } from "../telegram/telegram-settings.ts";
import type { ImageLinks } from "../uploads/image-links.ts";
import type { ImageStore } from "../uploads/image-store.ts";
import type { AgentTransactionsRepository } from "../wallet/agent-transactions-repository.ts";
import type { BanksRepository } from "../wallet/banks-repository.ts";
import type { ChargesRepository } from "../wallet/charges-repository.ts";
import type { CodeAttempts } from "../wallet/code-attempts.ts";
import type { RequestCodes } from "../wallet/request-codes.ts";
import type { RequestsRepository } from "../wallet/requests-repository.ts";
import type { ProjectionsProgress } from "../workers/projections-progress.ts";
import { healthRoute } from "./health.route.ts";
import { apiCompression } from "./plugins/api-compression.ts";
import { authentication } from "./plugins/authentication.ts";
import { clientApp } from "./plugins/client-app.ts";
import { deviceId } from "./plugins/device-id.ts";
import { errorHandler, frameworkErrors } from "./plugins/error-handler.ts";
import { type AppendWatermark, freshReads } from "./plugins/fresh-reads.ts";
import { idempotency } from "./plugins/idempotency.ts";
import { metrics } from "./plugins/metrics.ts";
import { requestBody } from "./plugins/request-body.ts";
import { sameOriginWrites } from "./plugins/same-origin-writes.ts";
import { SWAGGER_UI_POLICY, securityHeaders } from "./plugins/security-headers.ts";
import { stepUp } from "./plugins/step-up.ts";
import {
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_MESSAGE,
  type RateLimitName,
  type RateLimits,
  REGISTRATION_CEILING_MESSAGE,
} from "./rate-limits.ts";
import { accountsRoutes } from "./routes/accounts.routes.ts";
import { adminRequestsRoutes } from "./routes/admin-requests.routes.ts";
import { adminUsersRoutes } from "./routes/admin-users.routes.ts";
import { auditorsRoutes } from "./routes/auditors.routes.ts";
import { banksRoutes } from "./routes/banks.routes.ts";
import { chargesRoutes } from "./routes/charges.routes.ts";
import { dashboardRoutes } from "./routes/dashboard.routes.ts";
import { exportKeyRoutes } from "./routes/export-key.routes.ts";
import { externalSignInRoutes } from "./routes/external-sign-in.routes.ts";
import { fraudSignalsRoutes } from "./routes/fraud-signals.routes.ts";
import { gameHistoryRoutes } from "./routes/game-history.routes.ts";
import { imagesRoutes } from "./routes/images.routes.ts";
import { instantGamesRoutes } from "./routes/instant-games.routes.ts";
import { instantTablesRoutes } from "./routes/instant-tables.routes.ts";
import { ledgerDownloadRoutes } from "./routes/ledger-download.routes.ts";
import { ledgerExplorerRoutes } from "./routes/ledger-explorer.routes.ts";
import { linkedAccountsRoutes } from "./routes/linked-accounts.routes.ts";
import { lotteryRoutes } from "./routes/lottery.routes.ts";
import { passwordResetRoutes } from "./routes/password-reset.routes.ts";
import { privateGamesRoutes } from "./routes/private-games.routes.ts";
import { reportsRoutes } from "./routes/reports.routes.ts";
import { roundByCodeRoutes } from "./routes/round-by-code.routes.ts";
import { roundGameRoutes } from "./routes/round-game.routes.ts";
import { saferPlayRoutes } from "./routes/safer-play.routes.ts";
import { secondFactorRoutes } from "./routes/second-factor.routes.ts";
import { settingsRoutes } from "./routes/settings.routes.ts";
import { socialsRoutes } from "./routes/socials.routes.ts";
import { staffActivityRoutes } from "./routes/staff-activity.routes.ts";
import { walletRoutes } from "./routes/wallet.routes.ts";
import type { SecondFactorPolicy } from "./second-factor-gate.ts";

// A refusal of a schema without its own message speaks a sentence, never zod's programmer's text
// (the client shows it as it comes, at the field it names).
installIssueMessages();

export interface OperatorPages {
  apiDocs: boolean;
  metrics: boolean;
  metricsToken: string | undefined;
}

export interface AppDependencies {
  pool: pg.Pool;
  store: EventStore;
  /** Where this process last appended: what `freshReads` answers wait for. */
  watermark: AppendWatermark;
  /** How far the read models are. */
  progress: ProjectionsProgress;
  ledger: Ledger;
  users: UsersRepository;
  tokens: Tokens;
  /** Where every sign-in starts its session; what every request's token is checked against. */
  sessions: Sessions;
  /** Authenticators (TOTP) and recovery codes; who must have one; when approvals ask again. */
  secondFactors: SecondFactors;
  secondFactorPolicy: SecondFactorPolicy;
  /** Approvals above this many minor units ask the staff member's authenticator code again. */
  stepUpMinor: number;
  /** The age players confirm at registration, or before their first stake (MINIMUM_AGE). */
  minimumAge: number;
  signInThrottle: SignInThrottle;
  /** Linked accounts: devices, payout accounts and sign-up bursts players share. */
  accountTraces: AccountTraces;
  adminUsers: AdminUsersRepository;
  banks: BanksRepository;
  requests: RequestsRepository;
  codes: RequestCodes;
  codeAttempts: CodeAttempts;
  /** Seals what is kept at rest and read back only by the server (idempotent answers). */
  atRest: SealedBox;
  charges: ChargesRepository;
  agentTransactions: AgentTransactionsRepository;
  images: ImageStore;
  imageLinks: ImageLinks;
  /** Deposit screenshots' fingerprints, taken as they are stored (fraud signals). */
  fingerprints: ImageFingerprints;
  /** The fraud signals an approver sees on a deposit or withdrawal request. */
  signals: RequestSignals;
  /** Refuses approving a bank deposit whose reference was already approved (unless overridden). */
  duplicateReferences: DuplicateReferenceGuard;
  /** Whether /api/docs and /metrics are served; /metrics may require a bearer token. */
  operatorPages: OperatorPages;
  workersActive: () => boolean;
  /** Redis, when the process uses it (REDIS_URL): /api/health reports it. */
  redis: { ready(): boolean } | null;
  /** The round games' lifecycles and their shared registry (the round kernel). */
  games: RoundGames;
  registry: RoundRegistry;
  /** Lotteries: one round each on the kernel's ledger stream, each run by its room. */
  lotteries: LotteryRounds;
  /** The round rooms, once the realtime server runs. */
  roundRooms: () => RoundRooms;
  /** The lottery rooms (they close, draw and delete lotteries), once the realtime server runs. */
  lotteryRooms: () => LotteryRooms;
  cookieSecret: string;
  google: GoogleSignIn | null;
  telegram: TelegramSettings | null;
  publicUrl: string | undefined;
  /** The published key that signs ledger exports, when the operator configured one. */
  exportKey: PublishedExportKey | null;
  /** The server's key that signs the exports downloaded from the back office (docs/audit.md). */
  downloadKey: KeyObject;
  currency: string;
  /** client/dist when built; the API alone otherwise. */
  clientDirectory: string | null;
  rateLimits?: Partial<RateLimits>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as it was registered, in order (the fuzz test calls each one). */
    readonly routeList: readonly RouteOptions[];
  }
  interface FastifyContextConfig {
    /** The named rate limit this route is held to (see rate-limits.ts). */
    limit?: RateLimitName;
  }
}

/**
 * The HTTP application, in the order fastify/demo reads: external plugins (schemas, OpenAPI,
 * rate limits), app plugins (errors, authentication), then routes, each given its dependencies.
 */
export async function buildApp(deps: AppDependencies, options: FastifyServerOptions = {}) {
  // node:crypto's randomUUID, not the global `crypto`'s: the arrow through that global getter
  // took 1.7% of the server's CPU in a profile of `npm run bench:lottery`, two thirds its own.
  const app = Fastify({ genReqId: () => randomUUID(), frameworkErrors, ...options });
  const routeList: RouteOptions[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    routeList.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(apiCompression);

  await app.register(swagger, {
    openapi: {
      info: { title: "Instant games platform API", version: "0.1.0" },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (deps.operatorPages.apiDocs) {
    // Swagger UI's page needs nothing beyond the site's policy but its inline styles.
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: SWAGGER_UI_POLICY });
  }
  await app.register(securityHeaders, {
    telegram: deps.telegram !== null,
    miniApp: Boolean(deps.telegram?.miniAppUrl),
    publicUrl: deps.publicUrl,
  });
  await app.register(cookie, { secret: deps.cookieSecret });
  await app.register(deviceId);
  await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits });
  await app.register(requestBody);

  if (deps.operatorPages.metrics) {
    await app.register(metrics, { token: deps.operatorPages.metricsToken });
  }
  await app.register(errorHandler);
  await app.register(sameOriginWrites, { publicUrl: deps.publicUrl });
  await app.register(authentication, {
    tokens: deps.tokens,
    sessions: deps.sessions,
    publicUrl: deps.publicUrl,
    pool: deps.pool,
    accountTraces: deps.accountTraces,
  });
  await app.register(stepUp, {
    factors: deps.secondFactors,
    thresholdMinor: deps.stepUpMinor,
    currency: deps.currency,
  });
  await app.register(idempotency, { db: deps.pool, box: deps.atRest });
  await app.register(freshReads, { progress: deps.progress, watermark: deps.watermark });

  await app.register(clientApp, { directory: deps.clientDirectory });
  await app.register(healthRoute, deps);
  await app.register(accountsRoutes, deps);
  await app.register(secondFactorRoutes, deps);
  await app.register(externalSignInRoutes, deps);
  await app.register(walletRoutes, deps);
  await app.register(saferPlayRoutes, deps);
  await app.register(banksRoutes, deps);
  await app.register(imagesRoutes, deps);
  await app.register(adminRequestsRoutes, deps);
  await app.register(fraudSignalsRoutes, deps);
  await app.register(adminUsersRoutes, deps);
  await app.register(auditorsRoutes, deps);
  await app.register(ledgerExplorerRoutes, deps);
  await app.register(ledgerDownloadRoutes, deps);
  await app.register(chargesRoutes, deps);
  await app.register(socialsRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(passwordResetRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(instantGamesRoutes, deps);
  await app.register(instantTablesRoutes, deps);
  for (const game of ROUND_GAMES) await app.register(roundGameRoutes, { ...deps, game });
  await app.register(privateGamesRoutes, deps);
  await app.register(roundByCodeRoutes, deps);
  await app.register(exportKeyRoutes, deps);
  await app.register(lotteryRoutes, deps);
  await app.register(gameHistoryRoutes, deps);
  await app.register(reportsRoutes, deps);
  await app.register(staffActivityRoutes, deps);
  await app.register(linkedAccountsRoutes, deps);
  return app;
}

function clientAndAccount(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { phone?: unknown; email?: unknown };
  const account =
    typeof body.phone === "string" ? body.phone : typeof body.email === "string" ? body.email : "";
  return `${request.ip}:${account.trim().toLowerCase()}`;
}

function userOrClient(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : request.ip;
}

/** Named per-route limits, counted per client address and route. */
async function registerRateLimits(app: FastifyInstance, limits: RateLimits) {
  let registrationCeiling: preValidationHookHandler | undefined;
  // Routes are added after this hook, so it sees each one's named limit.
  app.addHook("onRoute", (route: RouteOptions) => {
    const name = route.config?.limit;
    if (!name) return;
    if (name === "register")
      route.preValidation = [registrationCeiling!, ...[route.preValidation ?? []].flat()];
    const limit = { max: limits[name], timeWindow: "1 minute" };
    // Sign-in, registration and reset count per client address and the phone or e-mail tried
    // (docs/deploy.md): many Ethiopian mobile users share one carrier-NAT address, so an address
    // alone would lock all of them out; guessing one account is still slowed. They need the
    // parsed (not yet validated) body, so malformed attempts count too. Money routes count per
    // signed-in user, once authentication has run. The others count every request from its
    // arrival.
    const perAccount = name === "login" || name === "reset" || name === "register";
    const rateLimit = perAccount
      ? { ...limit, hook: "preValidation" as const, keyGenerator: clientAndAccount }
      : name === "money" || name === "tickets"
        ? { ...limit, hook: "preValidation" as const, keyGenerator: userOrClient }
        : { ...limit, hook: "onRequest" as const };
    route.config = { ...route.config, rateLimit };
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: RATE_LIMIT_MESSAGE,
    }),
  });
  registrationCeiling = registrationCeilingPerAddress(app, limits);
}

/**
 * Registrations from one address, whatever the phone or e-mail: a ceiling per minute and per
 * day, so that one address cannot create accounts without end by naming a new phone each time.
 */
function registrationCeilingPerAddress(
  app: FastifyInstance,
  limits: RateLimits,
): preValidationHookHandler {
  const perAddress = (max: number, timeWindow: string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request) => request.ip });
  const ceilings = [
    perAddress(limits.registerPerAddress, "1 minute"),
    perAddress(limits.registerPerAddressDaily, "1 day"),
  ];
  return async (request, reply) => {
    for (const ceiling of ceilings) {
      const count = await ceiling(request);
      if (!count.isAllowed && count.isExceeded) {
        request.log.warn({ ip: request.ip, max: count.max }, "registration ceiling reached");
        return reply
          .code(429)
          .header("Retry-After", String(count.ttlInSeconds))
          .send({ message: REGISTRATION_CEILING_MESSAGE });
      }
    }
  };
}

import type { Ledger } from "@igp/ledger";
import { loginResponseSchema, messageSchema, miniAppSignInSchema, text } from "@igp/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import {
  type ExternalUser,
  signInFromMiniApp,
  signInWithGoogle,
  signInWithTelegram,
} from "../../accounts/external-identities.ts";
import type { GoogleSignIn, PendingSignIn } from "../../accounts/google-sign-in.ts";
import type { SecondFactors } from "../../accounts/second-factor.ts";
import { sessionOf } from "../../accounts/session.ts";
import {
  InitDataRefused,
  readMiniAppLaunch,
  returnInitData,
  spendInitData,
  USED_INIT_DATA,
} from "../../accounts/telegram-init-data.ts";
import { whyTelegramLoginIsInvalid } from "../../accounts/telegram-login.ts";
import type { UserRow } from "../../accounts/users-repository.ts";
import type { TelegramSettings } from "../../telegram/telegram-settings.ts";
import { conflict, forbidden, HttpError, notFound, unauthorized } from "../http-error.ts";
import { mustHaveSecondFactor, type SecondFactorPolicy } from "../second-factor-gate.ts";

export interface ExternalSignInDependencies {
  pool: pg.Pool;
  ledger: Ledger;
  google: GoogleSignIn | null;
  telegram: TelegramSettings | null;
  currency: string;
  /** PUBLIC_URL; without it, the origin the request came to. */
  publicUrl: string | undefined;
  secondFactors: SecondFactors;
  secondFactorPolicy: SecondFactorPolicy;
  minimumAge: number;
}

const PENDING_COOKIE = "igp_google";
// Every field Telegram sends is part of what its hash covers, so unknown fields are kept: as
// text or numbers only (an object could not be written into the checked string).
const telegramSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    first_name: text("First name").max(256).optional(),
    last_name: text("Last name").max(256).optional(),
    username: text("Username").max(64).optional(),
    photo_url: text("Photo URL").max(1024).optional(),
    auth_date: z.coerce.number().int(),
    hash: text("Hash").max(128),
  })
  .catchall(z.union([text("Telegram field").max(1024), z.number()]));

/** Google (OpenID Connect) and Telegram sign-in; each creates the account or signs into it. */
export async function externalSignInRoutes(app: FastifyInstance, deps: ExternalSignInDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/auth/providers",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Which external sign-ins are configured (the client hides the others), and the currency",
        response: {
          200: z.object({
            google: z.boolean(),
            telegram: z
              .object({
                botName: z.string(),
                appName: z
                  .string()
                  .nullable()
                  .describe(
                    "The Mini App's short name (links t.me/<bot>/<app>), null for the bot's main Mini App",
                  ),
              })
              .nullable(),
            currency: z.string(),
            minimumAge: z.number().describe("The age players confirm (MINIMUM_AGE)"),
          }),
        },
      },
    },
    async () => ({
      google: deps.google !== null,
      telegram: deps.telegram && {
        botName: deps.telegram.botName,
        appName: deps.telegram.appName,
      },
      minimumAge: deps.minimumAge,
      currency: deps.currency,
    }),
  );

  api.get(
    "/api/auth/google",
    {
      schema: {
        tags: ["accounts"],
        summary: "Start Google sign-in (full-page redirect)",
        response: { 404: messageSchema },
      },
    },
    async (request, reply) => {
      if (!deps.google) throw notFound("Google sign-in is not configured.");
      const { url, pending } = await deps.google.start(
        `${origin(request)}/api/auth/google/callback`,
      );
      reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
        path: "/api/auth/google",
        httpOnly: true,
        sameSite: "lax",
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url.href, 302);
    },
  );

  api.get(
    "/api/auth/google/callback",
    {
      schema: {
        tags: ["accounts"],
        summary: "Google's redirect back: signs in and goes to /process/{token}",
        response: { 400: messageSchema, 403: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      if (!deps.google) throw notFound("Google sign-in is not configured.");
      const cookie = request.cookies[PENDING_COOKIE];
      const unsigned = cookie ? request.unsignCookie(cookie) : null;
      if (!unsigned?.valid || !unsigned.value)
        throw new HttpError(400, "This sign-in has expired. Please try again.");
      reply.clearCookie(PENDING_COOKIE, { path: "/api/auth/google" });
      const callbackUrl = new URL(request.url, origin(request));
      let identity: Awaited<ReturnType<GoogleSignIn["finish"]>>;
      try {
        identity = await deps.google.finish(
          callbackUrl,
          JSON.parse(unsigned.value) as PendingSignIn,
        );
      } catch {
        throw new HttpError(400, "Google sign-in failed. Please try again.");
      }
      const user = await signInWithGoogle(deps.pool, identity);
      await refuseIfSecondFactor(user);
      const token = await app.startSession(request, reply, user, { signedUp: user.created });
      return reply.redirect(`/process/${encodeURIComponent(token)}`, 302);
    },
  );

  api.post(
    "/api/auth/telegram",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with the Telegram login widget's data (answered like a login)",
        body: telegramSchema,
        response: {
          200: loginResponseSchema,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
        },
      },
      config: { limit: "login" },
    },
    async (request, reply) =>
      signedIn(request, reply, await telegramUser(request.body as Record<string, unknown>)),
  );

  api.post(
    "/api/auth/telegram/mini-app",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in inside the Telegram Mini App with its signed init data (like a login)",
        description: [
          "`initData` is the Mini App's init data exactly as Telegram gave it (the launch",
          "parameter `tgWebAppData`), signed with the bot's token. It must be at most",
          "TELEGRAM_INIT_DATA_MAX_AGE_SECONDS old and is accepted once: a replay is refused.",
          "Signs into the account linked to the Telegram user (the login widget's link) or",
          "creates a player. With a session (a player already signed in), links that account",
          "to the Telegram user instead; 409 when the Telegram user is linked to another player",
          "(the init data is not spent then: signed out, the client may send it again).",
          "401 for forged, altered, stale or replayed init data; 404 when Telegram is not set up.",
        ].join(" "),
        body: miniAppSignInSchema,
        response: {
          200: loginResponseSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
      config: { limit: "login" },
    },
    async (request, reply) => {
      if (!deps.telegram) throw notFound("Telegram sign-in is not configured.");
      const maxAge = deps.telegram.initDataMaxAgeSeconds;
      const launch = readLaunch(request.body.initData, deps.telegram.botToken, maxAge);
      const current = await currentUser(request, reply);
      if (!(await spendInitData(deps.pool, launch, maxAge))) throw unauthorized(USED_INIT_DATA);
      const user = await signInFromMiniApp(deps.pool, launch.user, current);
      if ("refused" in user) {
        // Nobody was signed in: the player may sign out and use the same launch to continue.
        await returnInitData(deps.pool, launch);
        throw conflict(user.refused);
      }
      return signedIn(request, reply, user);
    },
  );

  api.get(
    "/api/auth/telegram/callback",
    {
      schema: {
        tags: ["accounts"],
        summary: "Telegram's redirect back: signs in and goes to /process/{token}",
        querystring: telegramSchema,
        response: { 401: messageSchema, 403: messageSchema, 404: messageSchema },
      },
      config: { limit: "login" },
    },
    async (request, reply) => {
      const user = await telegramUser(request.query as Record<string, unknown>);
      await refuseIfSecondFactor(user);
      const token = await app.startSession(request, reply, user, { signedUp: user.created });
      return reply.redirect(`/process/${encodeURIComponent(token)}`, 302);
    },
  );

  async function telegramUser(data: Record<string, unknown>) {
    if (!deps.telegram) throw notFound("Telegram sign-in is not configured.");
    const raw = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value]));
    const problem = whyTelegramLoginIsInvalid(raw, deps.telegram.botToken);
    if (problem) throw unauthorized(problem);
    const name =
      [data.first_name, data.last_name].filter(Boolean).join(" ") ||
      String(data.username ?? "Telegram player");
    return signInWithTelegram(deps.pool, {
      id: Number(data.id),
      name,
      username: data.username as string | undefined,
    });
  }

  function readLaunch(initData: string, botToken: string, maxAgeSeconds: number) {
    try {
      return readMiniAppLaunch(initData, botToken, maxAgeSeconds);
    } catch (error) {
      if (error instanceof InitDataRefused) throw unauthorized(error.message);
      throw error;
    }
  }

  /** The player already signed in on this request, if any (an expired session counts as none). */
  async function currentUser(request: FastifyRequest, reply: FastifyReply) {
    try {
      await app.authenticate(request, reply);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
    return request.user?.id ?? null;
  }

  /** The answer of a sign-in posted by the page: a session (its cookie too), as a login gives. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, user: ExternalUser) {
    await refuseIfSecondFactor(user);
    const token = await app.startSession(request, reply, user, { signedUp: user.created });
    return { token, ...(await sessionOf(user, deps.ledger)) };
  }

  /** An account with (or owing) an authenticator signs in with its password and code only. */
  async function refuseIfSecondFactor(user: UserRow) {
    if (
      mustHaveSecondFactor(deps.secondFactorPolicy, user.role) ||
      (await deps.secondFactors.isEnrolled(user.id))
    )
      throw forbidden("This account signs in with its password and authenticator code.");
  }

  /** Where the browser reaches us: redirect URIs are built on it. */
  function origin(request: { protocol: string; host: string }) {
    return (deps.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, "");
  }
}

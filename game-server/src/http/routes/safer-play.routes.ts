import type { Ledger, SaferPlayView as LedgerView } from "@igp/ledger";
import {
  confirmAgeRequestSchema,
  limitKindSchema,
  minorToMajor,
  type SaferPlayView,
  saferPlayViewSchema,
  selfExclusionEnd,
  setLimitRequestSchema,
  takeBreakRequestSchema,
  timeOutEnd,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { notFound } from "../http-error.ts";
import { commandContext } from "../request-context.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";

export interface SaferPlayDependencies {
  ledger: Ledger;
  users: UsersRepository;
  /** The age a player confirms (MINIMUM_AGE, 18 by default). */
  minimumAge: number;
}

const major = (minor: number | null) => (minor === null ? null : minorToMajor(minor));

/** The ledger's view in major units, with the operator's minimum age. */
function wire(view: LedgerView, minimumAge: number): SaferPlayView {
  return {
    limits: view.limits.map((l) => ({
      limit: l.limit,
      amount: major(l.amount),
      next: l.next && { amount: major(l.next.amount), appliesAt: l.next.appliesAt },
      used: major(l.used),
    })),
    breakTaken: view.breakTaken,
    ageConfirmed: view.ageConfirmed,
    minimumAge,
  };
}

/**
 * 'Play responsibly' (docs/safer-play.md): a player's limits, time-out, self-exclusion and age
 * confirmation, each a ledger event in the player's wallet stream; staff read them, and nothing
 * here lets anyone shorten a time-out or an exclusion.
 */
export async function saferPlayRoutes(app: FastifyInstance, deps: SaferPlayDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const player = app.requireRole("user");
  const staff = app.requireRole("superAdmin");
  const view = { 200: saferPlayViewSchema, ...errors };

  api.get(
    "/api/user/safer-play",
    {
      schema: {
        tags: ["safer play"],
        summary: "My limits, time-out or self-exclusion, and age confirmation",
        security: [{ bearer: [] }],
        response: view,
      },
      onRequest: player,
    },
    async (request) =>
      wire(
        await deps.ledger.saferPlay.view(request.user!.id, new Date().toISOString()),
        deps.minimumAge,
      ),
  );

  api.put(
    "/api/user/safer-play/limits/:limit",
    {
      schema: {
        tags: ["safer play"],
        summary: "Set, lower, raise or remove (amount null) one of my limits",
        description:
          "Lowering (or a first limit) applies at once; raising or removing applies 24 hours later (`next.appliesAt`). Amounts in ETB, at least 1 and at most 10,000,000, at most 2 decimals.",
        security: [{ bearer: [] }],
        params: z.object({ limit: limitKindSchema }),
        body: setLimitRequestSchema,
        response: view,
      },
      onRequest: player,
      config: { limit: "money" },
    },
    async (request) => {
      const ctx = commandContext(request);
      const { limit } = request.params;
      const result = await deps.ledger.saferPlay.setLimit(
        request.user!.id,
        limit,
        request.body.amount,
        ctx,
      );
      return wire(result, deps.minimumAge);
    },
  );

  api.post(
    "/api/user/safer-play/break",
    {
      schema: {
        tags: ["safer play"],
        summary:
          "Take a time-out (24 hours to 6 weeks) or exclude myself (6 months to 5 years, or for ever)",
        description:
          "Until it ends the player can sign in, see the history and withdraw; stakes, tickets and deposits are refused. Nobody can end it sooner; a longer one may replace it.",
        security: [{ bearer: [] }],
        body: takeBreakRequestSchema,
        response: view,
      },
      onRequest: player,
      config: { limit: "money" },
    },
    async (request) => {
      const ctx = commandContext(request);
      const body = request.body;
      const until =
        body.kind === "timeOut"
          ? timeOutEnd(ctx.at, body.hours)
          : body.months === null
            ? null
            : selfExclusionEnd(ctx.at, body.months);
      const result = await deps.ledger.saferPlay.takeBreak(request.user!.id, body.kind, until, ctx);
      return wire(result, deps.minimumAge);
    },
  );

  api.post(
    "/api/user/safer-play/age",
    {
      schema: {
        tags: ["safer play"],
        summary:
          "Confirm the minimum age and accept the terms (accounts made before registration asked)",
        security: [{ bearer: [] }],
        body: confirmAgeRequestSchema,
        response: view,
      },
      onRequest: player,
    },
    async (request) => {
      const ctx = commandContext(request);
      const result = await deps.ledger.saferPlay.confirmAge(request.user!.id, deps.minimumAge, ctx);
      return wire(result, deps.minimumAge);
    },
  );

  api.get(
    "/api/admin/players/:id/safer-play",
    {
      schema: {
        tags: ["back office"],
        summary: "A player's limits, time-out or self-exclusion, and age confirmation (read only)",
        security: [{ bearer: [] }],
        params: idParams("User not found."),
        response: view,
      },
      onRequest: staff,
    },
    async (request) => {
      const user = await deps.users.findById(request.params.id);
      if (user?.role !== "user") throw notFound("User not found.");
      return wire(
        await deps.ledger.saferPlay.view(user.id, new Date().toISOString()),
        deps.minimumAge,
      );
    },
  );
}

import {
  linkedGroupListSchema,
  linkedGroupSchema,
  pageNumber,
  playerLinksSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import {
  linkedAccountsOf,
  linkedGroup,
  linkedGroups,
} from "../../linked-accounts/linked-groups.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";

const WHY = [
  "Players are linked when they share a payout account (the method and account number of a",
  "withdrawal request, however spaced or cased), a device (the first-party igp_device cookie of",
  "the browser they signed in or up from, stored as its SHA-256) or a burst of sign-ups from one",
  "address (LINKED_SIGN_UP_COUNT sign-ups within LINKED_SIGN_UP_WINDOW_MINUTES). Links are",
  "transitive: a group holds everyone linked to anyone in it. `links` says what each shared thing",
  "is and which members share it. superAdmin, and auditors read-only (names, phones, payout",
  "accounts and addresses masked unless granted); agents and players get 403.",
].join(" ");

/** Linked accounts in the back office: the groups, one group, one player's group. */
export async function linkedAccountsRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; users: UsersRepository },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = app.requireRole("superAdmin", "auditor");
  const tags = ["back office"];
  const security = [{ bearer: [] }];

  api.get(
    "/api/admin/linked-accounts",
    {
      schema: {
        tags,
        summary: "Groups of linked accounts, the latest changed first (20 a page)",
        description: WHY,
        security,
        querystring: z.object({ page: pageNumber }),
        response: { 200: linkedGroupListSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => linkedGroups(deps.pool, request.query.page),
  );

  api.get(
    "/api/admin/linked-accounts/:id",
    {
      schema: {
        tags,
        summary: "One group of linked accounts: its members and why they are linked",
        description: `${WHY} 404 for a group that does not exist, or was merged into another since (open it from the list or a member's page).`,
        security,
        params: idParams("Linked group not found."),
        response: { 200: linkedGroupSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const group = await linkedGroup(deps.pool, request.params.id);
      if (!group) throw notFound("Linked group not found.");
      return group;
    },
  );

  api.get(
    "/api/admin/players/:id/linked-accounts",
    {
      schema: {
        tags,
        summary: "The player's group of linked accounts (null when nothing links them)",
        description: WHY,
        security,
        params: idParams("User not found."),
        response: { 200: playerLinksSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const user = await deps.users.findById(request.params.id);
      if (user?.role !== "user") throw notFound("User not found.");
      return {
        player: { id: user.id, fullName: user.full_name },
        group: await linkedAccountsOf(deps.pool, user.id),
      };
    },
  );
}

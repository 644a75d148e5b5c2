import { gameSettingsSchema, type Settings, settingsSchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { readSettings } from "../../settings/settings-repository.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { errorResponses as errors } from "../schemas.ts";

/**
 * The four settings groups of the admin spec, read and changed by the superAdmin only (the agents'
 * advance and credit terms are not for players or agents); each game's figures are public.
 */
export async function settingsRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/settings/games",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Each game's waiting time (minutes) and house cut (%), for players; anyone may read it",
        response: { 200: z.object({ status: z.literal("ok"), games: gameSettingsSchema }) },
      },
    },
    async () => {
      const { coinFlip, spinWheel } = await readSettings(pool);
      return { status: "ok" as const, games: { coinFlip, spinWheel } };
    },
  );

  api.get(
    "/api/settings",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Waiting time and win cut of each game, and the sub-admin percentages (superAdmin)",
        security: [{ bearer: [] }],
        response: {
          200: z.object({ status: z.literal("ok"), settings: settingsSchema }),
          ...errors,
        },
      },
      onRequest: app.requireRole("superAdmin"),
    },
    async () => ({ status: "ok" as const, settings: await readSettings(pool) }),
  );

  api.post(
    "/api/settings",
    {
      schema: {
        tags: ["settings"],
        summary: "Change the settings; games opened afterwards use them",
        description: "Recorded in the staff activity log (`settings.change`).",
        security: [{ bearer: [] }],
        body: settingsSchema,
        response: {
          200: z.object({ status: z.literal("ok"), settings: settingsSchema }),
          ...errors,
        },
      },
      onRequest: app.requireRole("superAdmin"),
    },
    async (request) => {
      await withStaffAction(
        pool,
        request,
        (db) => writeSettings(db, request.body),
        () => ({
          action: "settings.change",
          targetKind: "settings",
          targetId: "settings",
          detail: settingsNote(request.body),
        }),
      );
      return { status: "ok" as const, settings: await readSettings(pool) };
    },
  );
}

/** The new values, short, for the activity log: "coinFlip 5 min 10%; ...". */
function settingsNote(settings: Settings): string {
  return Object.entries(settings)
    .map(([name, group]) => `${name} ${group.gameWaitingTime} min ${group.winPercentCut}%`)
    .join("; ");
}

async function writeSettings(db: pg.ClientBase, settings: Settings) {
  const groups = Object.entries(settings);
  await db.query(
    `UPDATE settings s SET game_waiting_time = v.minutes, win_percent_cut_bps = v.bps, updated_at = now()
       FROM unnest($1::text[], $2::int[], $3::int[]) AS v(name, minutes, bps) WHERE s.group_name = v.name`,
    [
      groups.map(([name]) => name),
      groups.map(([, group]) => group.gameWaitingTime),
      groups.map(([, group]) => percentToBasisPoints(group.winPercentCut)),
    ],
  );
}

/** 12.5 → 1250, from the decimal text (validated to two decimals), not by float multiplication. */
function percentToBasisPoints(percent: number): number {
  const [whole, fraction = ""] = String(percent).split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

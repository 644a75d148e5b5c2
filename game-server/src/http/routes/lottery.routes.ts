import {
  adminLotteryViewSchema,
  buyTicketRequestSchema,
  createLotteryFieldsSchema,
  LOTTERY_FIELDS_MISSING,
  LOTTERY_NOT_FOUND,
  lotteryCodeBodySchema,
  lotteryFairnessSchema,
  lotteryViewSchema,
  minorToMajor,
  moveOutDateSchema,
  myTicketSchema,
  parsePrizes,
  roundCodeSchema,
  TICKET_PURCHASED,
  ticketPurchasedSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { balancesOf } from "../../accounts/session.ts";
import { drawingOver } from "../../games/lottery/lottery-reveal.ts";
import type { LotteryRounds } from "../../games/lottery/lottery-rounds.ts";
import { adminLotteryViews, lotteryViews, myTickets } from "../../games/lottery/lottery-views.ts";
import { GameError } from "../../games/round-kernel/round-game.ts";
import type { LotteryOutcome } from "../../realtime/lottery.room.ts";
import type { LotteryRooms } from "../../realtime/lottery-rooms.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import type { ImageStore } from "../../uploads/image-store.ts";
import { forbidden, HttpError, notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";

export interface LotteryRouteDeps {
  pool: pg.Pool;
  lotteries: LotteryRounds;
  lotteryRooms: () => LotteryRooms;
  images: ImageStore;
}

/** Refusals of the lottery become HTTP errors with their message. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GameError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/** A lottery room's answer to an admin's step: a refusal becomes its HTTP error. */
export async function answered(outcome: Promise<LotteryOutcome>): Promise<void> {
  const answer = await outcome;
  if (!answer.ok) throw new HttpError(answer.status, answer.message);
}

/**
 * Lotteries: the back office creates them (multipart, with a banner), moves the out date and
 * starts the drawing; players list them, buy tickets, see their tickets and the winners, and
 * check a drawing on /fair.
 */
export async function lotteryRoutes(app: FastifyInstance, deps: LotteryRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");
  const player = app.requireRole("user");
  const views = (which: Parameters<typeof lotteryViews>[1]) => lotteryViews(deps, which);
  const adminView = async (code: string) => (await adminLotteryViews(deps, [code]))[0];

  api.post(
    "/api/games/lottery/create",
    {
      schema: {
        tags: ["lottery"],
        summary: "Create a lottery (Create Instant Game with type lottery)",
        description:
          "multipart/form-data: type=lottery, betAmount (the ticket price, at least 1), title, winAmount (first place, at least 1), outDate (in the future), prizes (comma-separated: a number is a money prize paid from the house, any other text an award), bannerImage (PNG, JPEG, GIF or WebP, at most 5 MB). The server seed's hash is committed at once.",
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        body: createLotteryFieldsSchema.extend({
          bannerImage: z.instanceof(Buffer, { message: LOTTERY_FIELDS_MISSING }),
        }),
        response: { 201: adminLotteryViewSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const { bannerImage, betAmount, title, winAmount, outDate, prizes } = request.body;
      const banner = await deps.images.save(bannerImage);
      const created = await deps.lotteries.create(
        {
          title,
          banner,
          ticketPrice: betAmount,
          winAmount,
          prizesText: prizes,
          prizes: parsePrizes(prizes),
          outDate,
          createdBy: request.user!.id,
        },
        new Date(),
        request.ip,
      );
      // Its room runs from now on (or, should this fail, once adopted a lease later).
      await deps
        .lotteryRooms()
        .open(created)
        .catch((error) => request.log.warn({ err: error }, "lottery room not opened yet"));
      return reply.code(201).send((await adminView(created.code))!);
    },
  );

  api.post(
    "/api/games/lottery/update-date",
    {
      schema: {
        tags: ["lottery"],
        summary: "Change a lottery's end date (before its drawing; the new date in the future)",
        security: [{ bearer: [] }],
        body: moveOutDateSchema,
        response: { 200: adminLotteryViewSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { code, outDate } = request.body;
      await answered(deps.lotteryRooms().moveOutDate(code, outDate, request.user!.id, request.ip));
      return (await adminView(code))!;
    },
  );

  api.post(
    "/api/games/lottery/finish",
    {
      schema: {
        tags: ["lottery"],
        summary: "Close the sales now and draw, earlier than the end date",
        description:
          "The lottery's room closes the sales at once and tells its watchers (`drawingSoon`); the drawing starts after the 5-second notice: winners drawn without replacement among the final tickets (first place wins winAmount, then one per prize). Answers once the drawing is recorded (the winners in the answer), before anything is paid; the room then reveals the winners one by one, pays the money prizes from the house once the last is revealed, and then every ticket holder gets a `lottery` message. A second request is refused. At its end date a lottery is drawn by itself; this draws it earlier.",
        security: [{ bearer: [] }],
        body: lotteryCodeBodySchema,
        response: { 200: adminLotteryViewSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      await answered(deps.lotteryRooms().finish(request.body.code));
      const view = (await adminView(request.body.code))!;
      // The room closes the sales as the system: the superAdmin's request is recorded here,
      // once the room has answered (a room's close is not a transaction of this database).
      const lottery = await deps.lotteries.registry.byCode(request.body.code);
      await withStaffAction(
        deps.pool,
        request,
        async () => lottery,
        (found) =>
          found && {
            action: "lottery.finish",
            targetKind: "lottery",
            targetId: found.roundId,
            detail: found.code,
          },
      );
      return view;
    },
  );

  api.get(
    "/api/games/lottery/:code",
    {
      schema: {
        tags: ["lottery"],
        summary: "A lottery with its winners' names (to hand over the awards)",
        security: [{ bearer: [] }],
        params: z.object({ code: roundCodeSchema }),
        response: { 200: adminLotteryViewSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const view = await adminView(request.params.code);
      if (!view) throw notFound(LOTTERY_NOT_FOUND);
      return view;
    },
  );

  api.get(
    "/api/game/lottery/list",
    {
      schema: {
        tags: ["lottery"],
        summary: "Lotteries selling tickets, soonest out date first",
        response: { 200: z.array(lotteryViewSchema), ...errors },
      },
    },
    async () => views({ selling: true }),
  );

  api.get(
    "/api/game/lottery/get/:code",
    {
      schema: {
        tags: ["lottery"],
        summary: "One lottery: its card, status, commitment, and once drawn the seed and winners",
        params: z.object({ code: roundCodeSchema }),
        response: { 200: lotteryViewSchema, ...errors },
      },
    },
    async (request) => {
      const [view] = await views({ codes: [request.params.code] });
      if (!view) throw notFound(LOTTERY_NOT_FOUND);
      return view;
    },
  );

  api.post(
    "/api/game/lottery/buy/ticket",
    {
      schema: {
        tags: ["lottery"],
        summary: "Buy one ticket: the price is debited (bonus first) and a ticket number given",
        description:
          "code is the lottery's; userId (optional, as the spec's client sends it) must be the signed-in player; clientSeed (optional) enters the drawing, generated when absent. Accepts an Idempotency-Key header.",
        security: [{ bearer: [] }],
        body: buyTicketRequestSchema,
        response: { 201: ticketPurchasedSchema, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "tickets" },
    },
    async (request, reply) => {
      const { code, userId, clientSeed } = request.body;
      const buyer = request.user!.id;
      if (userId !== undefined && userId !== buyer)
        throw forbidden("You can only buy tickets for yourself.");
      const key = request.idempotencyKey ?? undefined;
      const { lottery, number, wallet } = await refusing(() =>
        deps.lotteries.buy(code, buyer, clientSeed, key),
      );
      deps.lotteryRooms().sold(lottery.code, number);
      return reply.code(201).send({
        status: "ok" as const,
        message: TICKET_PURCHASED,
        code: lottery.code,
        betAmount: minorToMajor(lottery.ticketPrice),
        myLotteryNumber: number,
        ...balancesOf(wallet),
      });
    },
  );

  api.get(
    "/api/game/lottery/tickets",
    {
      schema: {
        tags: ["lottery"],
        summary: "The signed-in player's tickets of every lottery (open or drawn), newest first",
        security: [{ bearer: [] }],
        querystring: z.object({ code: roundCodeSchema.optional() }),
        response: { 200: z.array(myTicketSchema), ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => myTickets(deps, request.user!.id, request.query.code),
  );

  api.get(
    "/api/game/lottery/fair/:code",
    {
      schema: {
        tags: ["lottery"],
        summary: "What /fair needs to re-run a lottery's drawing (the tickets once drawn)",
        params: z.object({ code: roundCodeSchema }),
        response: { 200: lotteryFairnessSchema, ...errors },
      },
    },
    async (request) => {
      const lottery = await deps.lotteries.registry.byCode(request.params.code);
      if (!lottery) throw notFound(LOTTERY_NOT_FOUND);
      // Nothing of the drawing before its room has revealed it (lottery-reveal.ts).
      const revealed = drawingOver(lottery, deps.lotteries.revealEveryMs);
      return {
        code: lottery.code,
        roundId: lottery.roundId,
        commitment: lottery.commitment,
        serverSeed: revealed ? lottery.serverSeed : null,
        winners: revealed ? lottery.winners.map((winner) => winner.ticket) : [],
        ...(await deps.lotteries.proof(lottery)),
      };
    },
  );
}

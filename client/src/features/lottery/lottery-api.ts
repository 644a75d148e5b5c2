import {
  adminLotteryViewSchema,
  lotteryFairnessSchema,
  lotteryViewSchema,
  myTicketSchema,
  ticketPurchasedSchema,
} from "@igp/shared";
import { z } from "zod";
import { api } from "../../lib/api-client.ts";
import { sendOnce } from "../../lib/send-once.ts";

/** The lottery calls (player spec section 7, admin spec section 7), each answer parsed. */

/** The open lotteries: public, so the list's prerendered page asks for them with its scripts. */
export const LOTTERY_LIST = "/api/game/lottery/list";

/** The open lotteries from the list's answer (read here, or with the page the server rendered). */
export const lotteriesFrom = (answer: unknown) => z.array(lotteryViewSchema).parse(answer);

export const fetchLotteries = async () => lotteriesFrom(await api(LOTTERY_LIST));

export const fetchLottery = async (code: string) =>
  lotteryViewSchema.parse(await api(`/api/game/lottery/get/${encodeURIComponent(code)}`));

export const buyTicket = async (code: string) =>
  ticketPurchasedSchema.parse(await sendOnce("/api/game/lottery/buy/ticket", { code }));

export const fetchMyTickets = async (code?: string) =>
  z
    .array(myTicketSchema)
    .parse(
      await api(`/api/game/lottery/tickets${code ? `?code=${encodeURIComponent(code)}` : ""}`),
    );

export const fetchLotteryFairness = async (code: string) =>
  lotteryFairnessSchema.parse(await api(`/api/game/lottery/fair/${encodeURIComponent(code)}`));

// Back office

export const createLottery = async (form: FormData) =>
  adminLotteryViewSchema.parse(await api("/api/games/lottery/create", { body: form }));

export const moveOutDate = async (code: string, outDate: string) =>
  adminLotteryViewSchema.parse(
    await api("/api/games/lottery/update-date", { body: { code, outDate } }),
  );

export const startDrawing = async (code: string) =>
  adminLotteryViewSchema.parse(await api("/api/games/lottery/finish", { body: { code } }));

export const fetchAdminLottery = async (code: string) =>
  adminLotteryViewSchema.parse(await api(`/api/games/lottery/${encodeURIComponent(code)}`));

/** The `lottery` message, re-sent by the player channel as a window event for these screens. */
export const LOTTERY_DRAWN_EVENT = "igp:lottery-drawn";

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

/** A lottery's read, as its page's HTML names it too (src/prerender.tsx, `data`). */
export const lotteryPath = (code: string) => `/api/game/lottery/get/${encodeURIComponent(code)}`;
export const lotteryFrom = (answer: unknown) => lotteryViewSchema.parse(answer);

export const fetchLottery = async (code: string) => lotteryFrom(await api(lotteryPath(code)));

export const buyTicket = async (code: string) =>
  ticketPurchasedSchema.parse(await sendOnce("/api/game/lottery/buy/ticket", { code }));

/** The player's tickets (of one lottery, as its page's HTML names the read). */
export const myTicketsPath = (code?: string) =>
  `/api/game/lottery/tickets${code ? `?code=${encodeURIComponent(code)}` : ""}`;
export const myTicketsFrom = (answer: unknown) => z.array(myTicketSchema).parse(answer);

export const fetchMyTickets = async (code?: string) =>
  myTicketsFrom(await api(myTicketsPath(code)));

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

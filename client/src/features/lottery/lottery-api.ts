import type { LotteryView, MyTicket, TicketPurchased } from "@igp/shared";
import { api } from "../../lib/api-client.ts";
import { sendOnce } from "../../lib/send-once.ts";

/**
 * The player's lottery calls (player spec section 7). Each answer is taken as its shared type
 * and not parsed again here: the server checks every answer against the same schema before it
 * sends it (the routes' response schemas, game-server's lottery.routes.ts; the answers a page is
 * rendered with go through them too), so zod (about 26 KB) stays off a lottery page's first
 * download (docs/first-load.md). The back office's calls: lottery-admin-api.ts.
 */

/** The open lotteries: public, so the list's prerendered page asks for them with its scripts. */
export const LOTTERY_LIST = "/api/game/lottery/list";

export const fetchLotteries = () => api<LotteryView[]>(LOTTERY_LIST);

/** A lottery's read, as its page's HTML names it too (src/prerender.tsx, `data`). */
export const lotteryPath = (code: string) => `/api/game/lottery/get/${encodeURIComponent(code)}`;

export const fetchLottery = (code: string) => api<LotteryView>(lotteryPath(code));

export const buyTicket = (code: string) =>
  sendOnce<TicketPurchased>("/api/game/lottery/buy/ticket", { code });

/** The player's tickets (of one lottery, as its page's HTML names the read). */
export const myTicketsPath = (code?: string) =>
  `/api/game/lottery/tickets${code ? `?code=${encodeURIComponent(code)}` : ""}`;

export const fetchMyTickets = (code?: string) => api<MyTicket[]>(myTicketsPath(code));

/** The `lottery` message, re-sent by the player channel as a window event for these screens. */
export const LOTTERY_DRAWN_EVENT = "igp:lottery-drawn";

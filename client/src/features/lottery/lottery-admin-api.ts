import { adminLotteryViewSchema } from "@igp/shared";
import { api } from "../../lib/api-client.ts";

/** The back office's lottery calls (admin spec section 7), each answer parsed. */

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

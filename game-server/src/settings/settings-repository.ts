import type { Settings } from "@igp/shared";
import type pg from "pg";

/** 1250 → 12.5 (exact: two decimals through their text). */
export function basisPointsToPercent(basisPoints: number): number {
  const whole = Math.trunc(basisPoints / 100);
  return Number(`${whole}.${String(basisPoints % 100).padStart(2, "0")}`);
}

export async function readSettings(pool: pg.Pool): Promise<Settings> {
  const { rows } = await pool.query(
    "SELECT group_name, game_waiting_time, win_percent_cut_bps FROM settings",
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.group_name,
      {
        gameWaitingTime: row.game_waiting_time,
        winPercentCut: basisPointsToPercent(row.win_percent_cut_bps),
      },
    ]),
  ) as Settings;
}

/** An agent advance rate (the sub-admin settings' percent field) in basis points. */
export async function readAdvanceBasisPoints(
  pool: pg.Pool,
  group: "subAdminWithdraw" | "subAdminCredit",
): Promise<number> {
  const { rows } = await pool.query(
    "SELECT win_percent_cut_bps FROM settings WHERE group_name = $1",
    [group],
  );
  return rows[0]?.win_percent_cut_bps ?? 0;
}

/** The settings groups of the round games (gameWaitingTime, winPercentCut). */
export type GameSettingsGroup = "coinFlip" | "spinWheel";

/** One game's settings as a new round records them: minutes to wait and the cut in basis points. */
export async function readGameSettings(
  pool: pg.Pool,
  group: GameSettingsGroup,
): Promise<{ waitingMinutes: number; cutBasisPoints: number }> {
  const { rows } = await pool.query(
    "SELECT game_waiting_time, win_percent_cut_bps FROM settings WHERE group_name = $1",
    [group],
  );
  return { waitingMinutes: rows[0].game_waiting_time, cutBasisPoints: rows[0].win_percent_cut_bps };
}

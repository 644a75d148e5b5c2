/** Withdrawals: the part taken from the playable (bonus) balance carries this fee, in percent. */
export const WITHDRAWAL_BONUS_FEE_PERCENT = 20;

/** `auditor`: read-only staff (docs/security.md, the auditor). */
export const ROLES = ["user", "admin", "superAdmin", "auditor"] as const;
export type Role = (typeof ROLES)[number];

export const GAME_TYPES = ["coin-flip", "spin-wheel", "lottery"] as const;
export type GameType = (typeof GAME_TYPES)[number];

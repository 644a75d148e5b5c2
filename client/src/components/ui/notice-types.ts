import type { HapticKind } from "../../lib/telegram/mini-app-port.ts";

/** What a modal notice says (ui/notice.tsx shows it, ui/notice-dialog.tsx draws it). */
export type NoticeType = "info" | "success" | "danger" | "warning";
export interface Notice {
  type: NoticeType;
  title: string;
  message?: string;
  /** A code the player needs elsewhere (a deposit or withdraw code), shown with a copy action. */
  code?: string;
  /** A step the notice offers beside OK (it closes the notice too). */
  action?: { label: string; run(): void };
  /** Closes by itself after this long (the spec's 2 s and 3 s notices). */
  autoCloseMs?: number;
  /** Felt inside Telegram when shown (lib/telegram/mini-app-port.ts): a danger notice is an error. */
  haptic?: HapticKind | "none";
}

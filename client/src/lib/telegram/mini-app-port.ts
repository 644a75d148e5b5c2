import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * What screens ask of Telegram when the site runs as its Mini App: the Main Button for their
 * primary action and haptic feedback. Outside Telegram nothing is connected and both do nothing;
 * inside, the Mini App (features/telegram, loaded only there) connects the SDK behind this port,
 * so that no screen and no visitor's download carries the SDK.
 */
export interface MiniAppPort {
  /** Shows the Main Button for one action until the returned function takes it away. */
  showMainButton(button: MainButtonAction): () => void;
  haptic(kind: HapticKind): void;
  /** Sends a private game's invite through Telegram's share sheet; null without a bot. */
  shareGame: ((code: string) => void) | null;
}

export interface MainButtonAction {
  text: string;
  enabled: boolean;
  busy: boolean;
  onClick(): void;
}

export type HapticKind = "success" | "warning" | "error";

let port: MiniAppPort | null = null;
const listeners = new Set<() => void>();

export function connectMiniApp(connected: MiniAppPort | null) {
  port = connected;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentPort = () => port;

/** Win (success), loss (warning) or a refusal (error), felt in the hand inside Telegram. */
export function haptic(kind: HapticKind) {
  port?.haptic(kind);
}

/**
 * Puts a screen's primary action (Join, Buy ticket, Deposit) on Telegram's Main Button while the
 * screen shows it; the press runs `onClick`. Nothing outside Telegram, nor for a null `text`.
 */
export function useMainButton(
  text: string | null,
  onClick: () => void,
  { enabled = true, busy = false }: { enabled?: boolean; busy?: boolean } = {},
) {
  const connected = useSyncExternalStore(subscribe, currentPort, () => null);
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    if (!connected || text === null) return;
    return connected.showMainButton({ text, enabled, busy, onClick: () => latest.current() });
  }, [connected, text, enabled, busy]);
}

/** The Mini App's port while the site runs inside Telegram, else null (for what only it offers). */
export function useMiniApp(): MiniAppPort | null {
  return useSyncExternalStore(subscribe, currentPort, () => null);
}

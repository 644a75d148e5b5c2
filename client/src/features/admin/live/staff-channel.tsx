import { requestsChangedSchema, STAFF_ROOM } from "@igp/shared";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { queryClient, queryKeys, refreshLists } from "../../../lib/queries.ts";
import { joinOrCreateRoom, LEFT_BY_CHOICE } from "../../../lib/realtime.ts";
import { useSession } from "../../../lib/session.tsx";
import { type Kind, SCREEN_OF, setUnseen, unseen } from "./unseen-requests.tsx";

/**
 * The back office's live channel (room "staff", docs/realtime.md): new and decided requests as
 * they happen, in place of polling. A decided request changes in every cached list at once (its
 * actions go); a new one is read into its list, counted on the menu's badge and, when the staff
 * member turned it on, announced by a short sound. Every (re)connection asks for what was missed
 * after the last position heard. Loaded after the back office's first screen has painted (its
 * SDK and schemas are not needed for that); the menu's badges are in unseen-requests.tsx.
 */
const LIST_OF: Record<Kind, string> = {
  deposit: "/api/admin/deposit/requests",
  withdrawal: "/api/admin/withdraw/requests",
  charge: "/api/admin/charge/requests",
};
const SOUND_KEY = "staff:sound";
export const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";
export const setSound = (on: boolean) => localStorage.setItem(SOUND_KEY, on ? "on" : "off");

/** A short two-note chime, made on the spot (no file to load). */
function chime() {
  const audio = new AudioContext();
  for (const [index, frequency] of [880, 1320].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    const at = audio.currentTime + index * 0.15;
    gain.gain.setValueAtTime(0.15, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.3);
  }
  setTimeout(() => void audio.close(), 1_000);
}

/** The last ledger position heard in this tab: where a reconnection catches up from. */
let lastPosition: string | null = null;

/** Applies the channel's changes to the cached lists, badges and sound. */
async function apply(message: unknown, screen: string) {
  const { changes, position, resync } = requestsChangedSchema.parse(message);
  if (position) lastPosition = position;
  if (resync) return refreshLists(["admin"]);
  const fresh = new Set<Kind>();
  for (const change of changes) {
    if (change.status === "pending") {
      fresh.add(change.kind);
      if (screen !== SCREEN_OF[change.kind]) setUnseen(change.kind, unseen.counts[change.kind] + 1);
      continue;
    }
    // Decided elsewhere: the row shows it at once, its actions gone.
    queryClient.setQueriesData<Record<string, unknown>>(
      { queryKey: queryKeys.adminTable(LIST_OF[change.kind]) },
      (answer) => {
        const rows = answer?.transactions as { id: string }[] | undefined;
        if (!rows) return answer;
        return {
          ...answer,
          transactions: rows.map((row) =>
            row.id === change.id ? { ...row, status: change.status } : row,
          ),
        };
      },
    );
  }
  if (fresh.size > 0 && soundOn()) chime();
  const kinds = new Set(changes.map((change) => change.kind));
  await refreshLists(...[...kinds].map((kind) => queryKeys.adminTable(LIST_OF[kind])));
}

/** Joins the staff channel while a staff member is signed in; clears a badge on its screen. */
export function StaffChannel() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const screen = pathname.replace(/^\/admin\/dashboard\/?/, "").replace(/\/$/, "");
  const userId = user && (user.role === "admin" || user.role === "superAdmin") ? user.userId : null;

  useEffect(() => {
    for (const kind of Object.keys(SCREEN_OF) as Kind[])
      if (SCREEN_OF[kind] === screen && unseen.counts[kind] > 0) setUnseen(kind, 0);
  }, [screen]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    let leave = () => {};
    const join = (attempt: number) =>
      joinOrCreateRoom(STAFF_ROOM, { userId }).then(
        (room) => {
          leave = () => void room.leave();
          if (!active) return leave();
          room.onMessage("requestsChanged", (message) => void apply(message, currentScreen()));
          room.onMessage("error", () => {});
          const catchUp = () => room.send("catchUp", { after: lastPosition });
          catchUp();
          room.onReconnect(catchUp);
          room.onLeave((code) => {
            if (active && code !== LEFT_BY_CHOICE) retry(0);
          });
        },
        () => {
          if (active) retry(attempt);
        },
      );
    const retry = (attempt: number) => {
      const wait = REJOIN_WAITS_MS[Math.min(attempt, REJOIN_WAITS_MS.length - 1)]!;
      setTimeout(() => active && void join(attempt + 1), wait);
    };
    void join(0);
    return () => {
      active = false;
      leave();
    };
  }, [userId]);
  return null;
}

/** The screen shown now (read when a message arrives, not when the channel was joined). */
function currentScreen() {
  return window.location.pathname.replace(/^\/admin\/dashboard\/?/, "").replace(/\/$/, "");
}

/** Sound for new requests, on or off (kept on this device). */
export function SoundToggle() {
  const { t } = useTranslation();
  const on = useSyncExternalStore((listener) => {
    window.addEventListener("storage", listener);
    window.addEventListener(SOUND_CHANGED, listener);
    return () => {
      window.removeEventListener("storage", listener);
      window.removeEventListener(SOUND_CHANGED, listener);
    };
  }, soundOn);
  return (
    <button
      type="button"
      className="button button-secondary button-small sound-toggle"
      aria-pressed={on}
      onClick={() => {
        setSound(!on);
        window.dispatchEvent(new Event(SOUND_CHANGED));
      }}
    >
      {t(on ? "admin.live.soundOn" : "admin.live.soundOff")}
    </button>
  );
}

const SOUND_CHANGED = "igp:staff-sound";
/** Waits before joining a lost channel again (another process takes it within seconds). */
const REJOIN_WAITS_MS = [1_000, 2_000, 5_000, 10_000, 15_000, 30_000];

import type { Room } from "@colyseus/sdk";
import { type JoinedRoom, joinRoomWith } from "./join-room-with.ts";
import { LEFT_BY_CHOICE } from "./realtime.ts";

/**
 * The socket to a watched room: `reconnecting` while it is down and the client is coming back
 * (the SDK's own reconnection, then joining again by id: the room may have moved to another
 * server process); `closed` when the room is gone for good (the page reads the API).
 */
export type RoomConnection = "connecting" | "live" | "reconnecting" | "closed";

/**
 * Waits before each attempt to join a lost room again: a round or lottery whose process died is
 * adopted by another once its lease lapses (ROUND_LEASE_SECONDS, 10 s by default), so this spans
 * a minute.
 */
export const REJOIN_WAITS_MS = [
  500, 1_000, 2_000, 3_000, 5_000, 5_000, 8_000, 10_000, 10_000, 15_000,
];

export interface RoomWatcher<Loaded> {
  /** A room joined (first or again): the place to register its state and message handlers. */
  joined(joined: JoinedRoom<Loaded>): void;
  /** That room left (it may be joined again: `joined` then tells the new one). */
  left?(): void;
  connection(connection: RoomConnection): void;
}

/**
 * Keeps a room joined by id while it is watched (a round's, a lottery's), with what reading its
 * messages takes (`load`, joinRoomWith): a room lost without leaving (its process died, the SDK
 * gave up) is joined again after each of REJOIN_WAITS_MS; one that cannot be joined at first
 * (over, never there, no websocket gets through) or again is `closed`. Nothing is told after
 * the returned stop, which leaves the room.
 */
export function watchRoom<Loaded>(
  roomId: string,
  load: () => Promise<Loaded>,
  watcher: RoomWatcher<Loaded>,
): () => void {
  let active = true;
  let current: Room | null = null;
  const say = (connection: RoomConnection) => active && watcher.connection(connection);
  const watch = (joined: JoinedRoom<Loaded>) => {
    const { room } = joined;
    current = room;
    say("live");
    watcher.joined(joined);
    room.onDrop(() => say("reconnecting"));
    room.onReconnect(() => say("live"));
    room.onLeave((closeCode) => {
      current = null;
      watcher.left?.();
      if (active && closeCode !== LEFT_BY_CHOICE) void rejoin();
    });
  };
  const rejoin = async () => {
    say("reconnecting");
    for (const wait of REJOIN_WAITS_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!active) return;
      const joined = await joinRoomWith(roomId, load).catch(() => null);
      if (joined && !active) return void joined.room.leave();
      if (joined) return watch(joined);
    }
    say("closed");
  };
  joinRoomWith(roomId, load).then(
    (joined) => (active ? watch(joined) : void joined.room.leave()),
    () => say("closed"),
  );
  return () => {
    active = false;
    void current?.leave();
    current = null;
  };
}

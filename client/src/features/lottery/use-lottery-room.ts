import type { Room } from "@colyseus/sdk";
import { useEffect, useRef, useState } from "react";
import { type JoinedRoom, joinRoomWith } from "../../lib/join-room-with.ts";
import { lazySchemas } from "../../lib/lazy-schemas.ts";
import {
  LEFT_BY_CHOICE,
  REJOIN_WAITS_MS,
  type RoomConnection,
} from "../../lib/rounds/use-round-room.ts";
import type { LotteryRoomState } from "./lottery-room-schemas.ts";

/** The room's state and messages' schemas, with the room: off the page's first download (zod). */
const lotteryRoomSchemas = lazySchemas(() => import("./lottery-room-schemas.ts"));
type LotteryRoomSchemas = Awaited<ReturnType<typeof lotteryRoomSchemas>>;

/** What the lottery page hears from the room besides its state. */
export interface LotteryRoomEvents {
  /** `drawingSoon`: the countdown started; the drawing starts at `drawAt`. */
  onDrawingSoon(drawAt: number): void;
  /** `drawn`: the last winner is revealed (the results can be read from the API). */
  onDrawn(): void;
  /** `cancelled`: the lottery was deleted and every ticket refunded. */
  onCancelled(): void;
}

export interface LotteryRoom {
  state: LotteryRoomState | null;
  connection: RoomConnection;
  /** The watcher's own winning tickets, as the room's `winner` messages said. */
  mine: number[];
}

/**
 * Watches a lottery's room (docs/realtime.md), signed in or not: its state (tickets sold, the
 * phase, the winners revealed so far) and its messages. A room lost without leaving (its process
 * died; another adopts the lottery) is joined again; one that is not there (the lottery is drawn
 * and its room gone, or it never had one) leaves `closed`: the page reads the API.
 */
export function useLotteryRoom(code: string | null, events: LotteryRoomEvents): LotteryRoom {
  const [live, setLive] = useState<LotteryRoom>({
    state: null,
    connection: "connecting",
    mine: [],
  });
  const latest = useRef(events);
  latest.current = events;

  useEffect(() => {
    if (!code) return;
    let active = true;
    let current: Room | null = null;
    const update = (change: (was: LotteryRoom) => Partial<LotteryRoom>) =>
      active && setLive((was) => ({ ...was, ...change(was) }));
    const watch = ({ room, loaded: schemas }: JoinedRoom<LotteryRoomSchemas>) => {
      current = room;
      update(() => ({ connection: "live" }));
      room.onStateChange((state) =>
        update(() => ({
          state: schemas.lotteryRoomStateSchema.parse((state as { toJSON(): unknown }).toJSON()),
        })),
      );
      room.onMessage("drawingSoon", (message) =>
        latest.current.onDrawingSoon(schemas.drawingSoonMessageSchema.parse(message).drawAt),
      );
      room.onMessage("winner", (message) => {
        const winner = schemas.winnerMessageSchema.parse(message);
        if (winner.mine) update((was) => ({ mine: [...was.mine, winner.ticket] }));
      });
      room.onMessage("drawn", (message) => {
        schemas.drawnMessageSchema.parse(message);
        latest.current.onDrawn();
      });
      room.onMessage("cancelled", (message) => {
        schemas.cancelledMessageSchema.parse(message);
        latest.current.onCancelled();
      });
      // The room takes no messages from watchers; an `error` could only answer one.
      room.onMessage("error", () => {});
      room.onDrop(() => update(() => ({ connection: "reconnecting" })));
      room.onReconnect(() => update(() => ({ connection: "live" })));
      room.onLeave((closeCode) => {
        current = null;
        if (active && closeCode !== LEFT_BY_CHOICE) void rejoin();
      });
    };
    const rejoin = async () => {
      update(() => ({ connection: "reconnecting" }));
      for (const wait of REJOIN_WAITS_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (!active) return;
        const joined = await joinRoomWith(code, lotteryRoomSchemas).catch(() => null);
        if (joined && !active) return void joined.room.leave();
        if (joined) return watch(joined);
      }
      update(() => ({ connection: "closed" }));
    };
    joinRoomWith(code, lotteryRoomSchemas).then(
      (joined) => (active ? watch(joined) : void joined.room.leave()),
      () => update(() => ({ connection: "closed" })),
    );
    return () => {
      active = false;
      void current?.leave();
    };
  }, [code]);

  return live;
}

import { useEffect, useRef, useState } from "react";
import { lazySchemas } from "../../lib/lazy-schemas.ts";
import { type RoomConnection, watchRoom } from "../../lib/watch-room.ts";
import type { LotteryRoomState } from "./lottery-room-schemas.ts";

/** The room's state and messages' schemas, with the room: off the page's first download (zod). */
const lotteryRoomSchemas = lazySchemas(() => import("./lottery-room-schemas.ts"));

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
    const update = (change: (was: LotteryRoom) => Partial<LotteryRoom>) =>
      active && setLive((was) => ({ ...was, ...change(was) }));
    const stop = watchRoom(code, lotteryRoomSchemas, {
      connection: (connection) => update(() => ({ connection })),
      joined: ({ room, loaded: schemas }) => {
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
      },
    });
    return () => {
      active = false;
      stop();
    };
  }, [code]);

  return live;
}

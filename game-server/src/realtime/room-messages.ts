import type { Client } from "@colyseus/core";

/** A message no handler takes gets told so; the room carries on. */
export function answerUnknown(client: Client, type: string | number) {
  refuse(
    client,
    `Unknown message "${String(type).slice(0, 40)}": this room takes no such message; play through the API.`,
  );
}

/** The answer to a refused message (docs/realtime.md: `error`). */
export function refuse(client: Client, message: string) {
  client.send("error", { message });
}

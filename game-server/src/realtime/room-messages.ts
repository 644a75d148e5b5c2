import type { Client } from "@colyseus/core";

/** Rooms only show state; every move goes through the API. Anything sent here gets told so. */
export function answerUnknown(client: Client, type: string | number) {
  client.send("error", {
    message: `Unknown message "${String(type).slice(0, 40)}": this room takes no messages; play through the API.`,
  });
}

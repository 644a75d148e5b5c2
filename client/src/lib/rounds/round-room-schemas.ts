import { coinMessageSchema, spinMessageSchema } from "@igp/shared";

/** What a round room's page checks of its messages, loaded with the room (use-round-room.ts). */
export { roomErrorSchema } from "@igp/shared";

/** The message that carries each game's result, by its type (docs/realtime.md). */
export const resultSchemas = { coin: coinMessageSchema, spin: spinMessageSchema };

/** What a round room's page checks of its messages, loaded with the room (use-round-room.ts). */
export { roomErrorSchema } from "@igp/shared";

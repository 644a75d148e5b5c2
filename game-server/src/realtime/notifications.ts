import type { Presence } from "@colyseus/core";

export const userChannel = (userId: string) => `user:${userId}`;
export const LOBBY_CHANNEL = "lobby:rounds";

/** A round to list again (or drop), or a message for everyone in the lobby. */
export type LobbyChange =
  | { op: "upsert" | "remove"; code: string }
  | { op: "announce"; type: string; payload: unknown };

/**
 * Messages between rooms over Colyseus presence (in-process, or Redis with several processes):
 * to one user's channel (`balanceUpdated`, `noPlayerJoined`, `lotteryDrawingSoon`, `lottery`),
 * and lobby changes.
 */
export class Notifications {
  constructor(private readonly presence: Presence) {}

  toUser(userId: string, type: string, payload: unknown) {
    this.send(userChannel(userId), { type, payload });
  }

  lobbyChanged(change: LobbyChange) {
    this.send(LOBBY_CHANNEL, change);
  }

  /**
   * A notice is a hint to read again (balances, lists, the lobby): one lost while Redis is away
   * is not worth failing or holding the request that sent it.
   */
  private send(channel: string, message: unknown) {
    Promise.resolve(this.presence.publish(channel, message)).catch(() => {});
  }
}

import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import type { BalanceNotifier } from "./balance-notifier.ts";
import { userChannel } from "./notifications.ts";
import type { RoomAuth, RoomUser } from "./room-auth.ts";
import { keepSeat } from "./room-messages.ts";

/**
 * One signed-in user's channel (one room per user: `joinOrCreate("player", { userId })`):
 * `balanceUpdated` whenever the wallet moves, `listsUpdated` once the read models hold that move,
 * `noPlayerJoined` when a round expired unjoined.
 */
export function playerRoom(deps: {
  auth: RoomAuth;
  balances: BalanceNotifier;
  reconnectGraceSeconds: number;
}) {
  return class PlayerRoom extends Room<{ client: Client<{ auth: RoomUser }> }> {
    private userId = "";
    /** No state, only messages: the patch timer just keeps the clock, so it can be slow. */
    override patchRate = 1000;
    private readonly forward = (message: { type: string; payload: unknown }) =>
      this.broadcast(message.type, message.payload);
    private readonly sendBalances = (type: string, payload: unknown) =>
      this.broadcast(type, payload);

    override async onCreate(options: { userId: string }) {
      this.userId = options.userId;
      await this.presence.subscribe(userChannel(this.userId), this.forward);
      deps.balances.watch(this.userId, this.sendBalances);
    }

    override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
      const user = await deps.auth(context.token);
      // The room's own user, whatever the options say (joinById skips the userId filter).
      if (this.userId !== user.id) throw new ServerError(403, "This is not your channel.");
      return user;
    }

    override onDrop(client: Client) {
      keepSeat(this, client, deps.reconnectGraceSeconds);
    }

    override async onReconnect(client: Client) {
      client.send("balanceUpdated", await deps.balances.current(this.userId));
    }

    override async onJoin(client: Client) {
      client.send("balanceUpdated", await deps.balances.current(this.userId));
    }

    override onDispose() {
      this.presence.unsubscribe(userChannel(this.userId), this.forward);
      deps.balances.unwatch(this.userId, this.sendBalances);
    }
  };
}

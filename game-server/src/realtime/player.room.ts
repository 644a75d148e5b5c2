import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import type { BalanceNotifier } from "./balance-notifier.ts";
import { userChannel } from "./notifications.ts";
import type { RoomAuth, RoomUser } from "./room-auth.ts";
import { keepSeat } from "./room-messages.ts";

/**
 * One signed-in user's channel (one room per user: `joinOrCreate("player", { userId })`):
 * `balanceUpdated` whenever the wallet moves, `listsUpdated` once the read models hold a move
 * that the deposit or withdrawal lists show (not a round's stake, payout or refund),
 * `moneyNotice` when the user's money was decided, `noPlayerJoined` when a round expired unjoined,
 * `lotteryDrawingSoon` and `lottery` when a lottery they hold tickets of starts its drawing and
 * has revealed it (sent by its room, lottery.room.ts).
 * A client that drops and reconnects within the grace period gets the notices of that period
 * again (it drops those it has by their id): a deposit approved meanwhile is still told.
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
    private readonly sendBalances = (type: string, payload: unknown) => {
      if (type === "moneyNotice") this.recent.add(payload);
      this.broadcast(type, payload);
    };
    private readonly recent = new RecentNotices(deps.reconnectGraceSeconds);

    override async onCreate(options: { userId: string }) {
      this.userId = options.userId;
      await this.presence.subscribe(userChannel(this.userId), this.forward);
      deps.balances.watch(this.userId, this.sendBalances);
    }

    override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
      const user = await deps.auth(context);
      // The room's own user, whatever the options say (joinById skips the userId filter).
      if (this.userId !== user.id) throw new ServerError(403, "This is not your channel.");
      return user;
    }

    override onDrop(client: Client) {
      keepSeat(this, client, deps.reconnectGraceSeconds);
    }

    override async onReconnect(client: Client) {
      client.send("balanceUpdated", await deps.balances.current(this.userId));
      for (const notice of this.recent.keptAt(Date.now())) client.send("moneyNotice", notice);
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

/** The notices sent within the last reconnection grace period (and a margin), at most 20. */
class RecentNotices {
  private readonly notices: { sentAt: number; notice: unknown }[] = [];
  private readonly keepMs: number;

  constructor(graceSeconds: number) {
    this.keepMs = (graceSeconds + 10) * 1000;
  }

  add(notice: unknown) {
    this.notices.push({ sentAt: Date.now(), notice });
    if (this.notices.length > 20) this.notices.shift();
  }

  keptAt(now: number) {
    return this.notices.filter((kept) => kept.sentAt >= now - this.keepMs).map((k) => k.notice);
  }
}

import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import { catchUpSchema, type RequestChange, type RequestsChanged } from "@igp/shared";
import type { RoomAuth, RoomUser } from "./room-auth.ts";
import { keepSeat, refuse } from "./room-messages.ts";
import type { StaffFeed } from "./staff-feed.ts";

/**
 * One staff account's live back office (one room per account: `joinOrCreate("staff",
 * { userId })`): `requestsChanged` with every new and decided request, as the read models hold
 * it. An agent hears of new requests through agents only (what it may decide) and of every
 * decision (a request another decided leaves its screen too). A screen sends `catchUp` with its
 * last position whenever it (re)connects, and gets what it missed since.
 */
export function staffRoom(deps: {
  auth: RoomAuth;
  feed: StaffFeed;
  reconnectGraceSeconds: number;
}) {
  return class StaffRoom extends Room<{ client: Client<{ auth: RoomUser }> }> {
    private userId = "";
    private role: RoomUser["role"] = "admin";
    override patchRate = 1000;
    private readonly forward = (message: RequestsChanged) => {
      const changes = message.changes.filter((change) => this.sees(change));
      if (changes.length > 0) this.broadcast("requestsChanged", { ...message, changes });
    };

    override onCreate(options: { userId: string }) {
      this.userId = options.userId;
      deps.feed.watch(this.forward);
      this.onMessage("catchUp", async (client, message) => {
        const asked = catchUpSchema.safeParse(message);
        if (!asked.success) return refuse(client, "catchUp takes { after: a position or null }.");
        const missed = await deps.feed.catchUp(asked.data.after);
        client.send("requestsChanged", {
          ...missed,
          changes: missed.changes.filter((change) => this.sees(change)),
        });
      });
    }

    override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
      const user = await deps.auth(context);
      if (user.role !== "admin" && user.role !== "superAdmin")
        throw new ServerError(403, "This channel is for staff.");
      if (this.userId !== user.id) throw new ServerError(403, "This is not your channel.");
      this.role = user.role;
      return user;
    }

    override onDrop(client: Client) {
      keepSeat(this, client, deps.reconnectGraceSeconds);
    }

    override onDispose() {
      deps.feed.unwatch(this.forward);
    }

    /** What this account's screens show: an agent, new requests through agents only. */
    private sees(change: RequestChange) {
      if (this.role === "superAdmin" || change.status !== "pending") return true;
      return change.kind !== "charge" && change.method === "agent";
    }
  };
}

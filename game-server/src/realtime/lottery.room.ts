import { type AuthContext, type Client, Room, ServerError } from "@colyseus/core";
import {
  LOTTERY_CANCELLED,
  LOTTERY_DRAWING,
  LOTTERY_DRAWING_SOON,
  LOTTERY_DRAWN,
  LOTTERY_NOT_FOUND,
  type LotteryDrawingSoonMessage,
  minorToMajor,
  type RevealedWinner as RevealedWinnerMessage,
} from "@igp/shared";
import { type Actor, createActor, fromPromise, waitFor } from "xstate";
import { type LotteryResume, lotteryMachine } from "../games/lottery/lottery.machine.ts";
import { LotteryState, RevealedWinner } from "../games/lottery/lottery.state.ts";
import { crashPoint } from "../games/lottery/lottery-crash-points.ts";
import type { LapsedLottery } from "../games/lottery/lottery-leases.ts";
import { tellTicketHolders } from "../games/lottery/lottery-notices.ts";
import type { Lottery, LotteryWinner } from "../games/lottery/lottery-registry.ts";
import { drawingOver, revealOrder } from "../games/lottery/lottery-reveal.ts";
import type { DrawnLottery, LotteryRounds } from "../games/lottery/lottery-rounds.ts";
import type { RoundFailover } from "../games/round-kernel/round-failover.ts";
import { GameError } from "../games/round-kernel/round-game.ts";
import type { Notifications } from "./notifications.ts";
import { type RoomAuth, type RoomUser, watcherOf } from "./room-auth.ts";
import { answerUnknown } from "./room-messages.ts";

export interface LotteryRoomDeps {
  lotteries: LotteryRounds;
  auth: RoomAuth;
  notifications: () => Notifications;
  /** Leases on lottery rooms: one process runs a lottery's room. */
  failover: RoundFailover<LapsedLottery>;
  /** The notice between the close of sales and the drawing (spec: 5 s). */
  noticeMs: number;
  revealEveryMs: number;
  log: (message: string, error?: unknown) => void;
}

/** What a room call answers the HTTP routes (over Redis when the room runs elsewhere). */
export type LotteryOutcome = { ok: true } | { ok: false; status: number; message: string };

/** A watcher: a signed-in user, or anyone (no token). */
type Watcher = Client<{ auth: RoomUser | typeof ANONYMOUS }>;
const ANONYMOUS = { id: "" } as const;

/** Patches go out at most twice a second: tickets sold may change hundreds of times in one. */
const PATCH_MS = 500;
/** A finished room stays a minute for late watchers (they then read the API). */
const KEEP_MS = 60_000;

/** The machine's states as the room shows them (`phase`): the protocol's names. */
const PHASES: Record<string, string> = {
  resuming: "onSale",
  outDateReached: "onSale",
  movingOutDate: "onSale",
  retryingClose: "closing",
  retryingRefund: "refunding",
  retryingPay: "paying",
};

export function lotteryRoom(deps: LotteryRoomDeps) {
  return class extends LotteryRoom {
    protected readonly deps = deps;
  };
}

/**
 * One lottery, live (docs/realtime.md, the `lottery` room): roomId = its code. Created by the
 * server for every lottery not finished (on create, and on adoption after a restart or in
 * another process), never by a client. Its machine (lottery.machine.ts) closes sales at the out
 * date (or an admin's Finish), counts down, draws through LotteryRounds (the ledger stays the
 * truth), reveals the winners one by one, pays the prizes once the last is revealed, then tells
 * the holders; or refunds on delete.
 */
abstract class LotteryRoom extends Room<{ state: LotteryState; client: Watcher }> {
  override autoDispose = false;
  override patchRate = PATCH_MS;
  override state = new LotteryState();
  protected abstract readonly deps: LotteryRoomDeps;
  private lottery!: Lottery;
  private actor!: Actor<typeof lotteryMachine>;
  private holding = false;
  private drawn: DrawnLottery | null = null;
  /** The winners in reveal order, once drawn. */
  private order: LotteryWinner[] = [];

  override async onCreate(options: { code: string }) {
    const lottery = await this.deps.lotteries.registry.byCode(options.code);
    if (!lottery) throw new ServerError(404, LOTTERY_NOT_FOUND);
    this.lottery = lottery;
    this.roomId = lottery.code;
    await this.setPrivate(true);
    const resumeAt = this.resumeAt(lottery);
    if (!resumeAt) throw new ServerError(410, LOTTERY_DRAWN);
    if (!(await this.deps.failover.hold(lottery.roundId, this)))
      throw new ServerError(409, "This lottery is running in another process.");
    this.holding = true;
    this.show(lottery, await this.deps.lotteries.ticketsSold(lottery));
    this.onMessage("*", (client, type) => answerUnknown(client, type));
    this.actor = this.startMachine(resumeAt);
  }

  /** Anyone may watch; a session, when given, tells the holder its win (room-auth.ts). */
  override async onAuth(_client: Client, _options: unknown, context: AuthContext) {
    return (await watcherOf(this.deps.auth, context)) ?? ANONYMOUS;
  }

  override onDispose() {
    this.actor?.stop();
    if (this.holding) this.deps.failover.letGo(this.lottery.roundId);
  }

  /** Tickets sold so far, as a buy route saw them (ticket numbers count up from 1). */
  sold(tickets: number) {
    if (tickets > this.state.ticketsSold) this.state.ticketsSold = tickets;
  }

  /** An admin's Finish: sales close now; answers once the drawing is recorded. */
  async finish(): Promise<LotteryOutcome> {
    if (!this.actor.getSnapshot().matches("onSale")) return this.refusal();
    this.actor.send({ type: "FINISH" });
    const done = await waitFor(
      this.actor,
      (s) =>
        s.matches({ drawing: "revealing" }) ||
        s.matches("paying") ||
        s.matches("retryingPay") ||
        s.status === "done",
      { timeout: Number.POSITIVE_INFINITY },
    );
    return done.matches("gone") || done.matches("deleted") ? this.refusal() : { ok: true };
  }

  /** An admin's delete: every ticket refunded (the room's `refunding`), then `cancelled`. */
  async remove(): Promise<LotteryOutcome> {
    if (!this.actor.getSnapshot().matches("onSale")) {
      const status = (await this.deps.lotteries.registry.byId(this.lottery.id))?.status;
      if (status === "drawn" || status === "drawing")
        return { ok: false, status: 409, message: "A drawn lottery cannot be deleted." };
      return this.refusal();
    }
    this.actor.send({ type: "DELETE" });
    const done = await waitFor(this.actor, (s) => s.status === "done", {
      timeout: Number.POSITIVE_INFINITY,
    });
    return done.matches("deleted") ? { ok: true } : this.refusal();
  }

  /** A new out date: the ledger's deadline and the registry move, then the timer follows. */
  async moveOutDate(
    outDate: string,
    adminId: string,
    ip: string | null = null,
  ): Promise<LotteryOutcome> {
    if (!this.actor.getSnapshot().matches("onSale")) return this.refusal();
    this.actor.send({ type: "MOVE_STARTED" });
    try {
      await this.deps.lotteries.moveOutDate(this.lottery.code, outDate, adminId, ip);
    } catch (error) {
      this.actor.send({ type: "MOVE_FAILED" });
      if (error instanceof GameError)
        return { ok: false, status: error.status, message: error.message };
      throw error;
    }
    this.lottery = { ...this.lottery, outDate };
    this.state.outDate = Date.parse(outDate);
    this.actor.send({ type: "MOVED", outDate: Date.parse(outDate) });
    return { ok: true };
  }

  /** Why an admin's step is refused now: the registry says where the lottery stands. */
  private async refusal(): Promise<LotteryOutcome> {
    const status = (await this.deps.lotteries.registry.byId(this.lottery.id))?.status;
    if (!status || status === "deleting" || status === "deleted")
      return { ok: false, status: 404, message: LOTTERY_NOT_FOUND };
    return {
      ok: false,
      status: 409,
      message: status === "drawn" ? LOTTERY_DRAWN : LOTTERY_DRAWING,
    };
  }

  /** Where the registry says the lottery stands; null when its drawing is revealed and paid. */
  private resumeAt(lottery: Lottery): LotteryResume | null {
    switch (lottery.status) {
      case "open":
        return "onSale";
      case "drawing":
        return "countdown";
      case "deleting":
        return "refunding";
      case "drawn":
        return drawingOver(lottery, this.deps.revealEveryMs) ? null : "drawing";
      default:
        return null;
    }
  }

  private startMachine(resumeAt: LotteryResume) {
    const { lotteries } = this.deps;
    const machine = lotteryMachine.provide({
      actors: {
        close: fromPromise(() => lotteries.close(this.lottery)),
        draw: fromPromise(async () => {
          this.drawn = await lotteries.completeDrawing(this.lottery);
          this.order = revealOrder(this.drawn.lottery.winners);
          // Fewer tickets than places: fewer winners to reveal.
          this.state.places = this.order.length;
          return {
            drawnAt: Date.parse(this.drawn.lottery.drawnAt!),
            winners: this.order.length,
          };
        }),
        pay: fromPromise(() => lotteries.payPrizes(this.lottery)),
        refund: fromPromise(async () => {
          try {
            await lotteries.remove(this.lottery);
            return true;
          } catch (error) {
            if (error instanceof GameError) return false;
            throw error;
          }
        }),
      },
      actions: {
        announceCountdown: ({ context }) => this.announceCountdown(context.drawAt),
        announceReveals: (_, { from, to }) => this.announceReveals(from, to),
        announceDrawn: () => this.announceDrawn(),
        announceCancelled: () => this.announceCancelled(),
        leave: () => {
          this.deps.log(`Lottery ${this.lottery.code}: moved on elsewhere; closing its room.`);
          this.disconnect();
        },
        reportFailure: (_, error) =>
          this.deps.log(`Lottery ${this.lottery.code}: retrying.`, error),
      },
    });
    const actor = createActor(machine, {
      input: {
        outDate: Date.parse(this.lottery.outDate),
        resumeAt,
        closedAt: this.lottery.closedAt ? Date.parse(this.lottery.closedAt) : null,
        noticeMs: this.deps.noticeMs,
        revealEveryMs: this.deps.revealEveryMs,
      },
      clock: {
        setTimeout: (fn, ms) => this.clock.setTimeout(fn, ms),
        clearTimeout: (delayed) => (delayed as { clear(): void } | undefined)?.clear(),
      },
    });
    actor.subscribe((snapshot) => {
      const value = snapshot.value;
      const state = typeof value === "string" ? value : Object.keys(value)[0]!;
      if (state !== "gone") this.state.phase = PHASES[state] ?? state;
    });
    actor.start();
    return actor;
  }

  private show(lottery: Lottery, ticketsSold: number) {
    Object.assign(this.state, {
      code: lottery.code,
      title: lottery.title,
      ticketPrice: minorToMajor(lottery.ticketPrice),
      winAmount: minorToMajor(lottery.winAmount),
      outDate: Date.parse(lottery.outDate),
      ticketsSold,
      places: lottery.prizes.length + 1,
      revealEveryMs: this.deps.revealEveryMs,
      commitment: lottery.commitment,
      drawAt: 0,
      serverSeed: "",
    });
  }

  private announceCountdown(drawAt: number) {
    this.state.drawAt = drawAt;
    const message = { code: this.lottery.code, drawAt, message: LOTTERY_DRAWING_SOON };
    this.broadcast("drawingSoon", message);
    this.tellHoldersDrawingSoon(drawAt).catch((error) =>
      this.deps.log(`Lottery ${this.lottery.code}: holders not told of the drawing.`, error),
    );
  }

  /** `lotteryDrawingSoon` on each holder's player channel: wherever they are, they may come. */
  private async tellHoldersDrawingSoon(drawAt: number) {
    const { code, title } = this.lottery;
    const message: LotteryDrawingSoonMessage = { code, title, drawAt };
    const notifications = this.deps.notifications();
    for (const userId of await this.deps.lotteries.holders(this.lottery))
      notifications.toUser(userId, "lotteryDrawingSoon", message);
  }

  /** The winners due since the last reveal, each to every watcher (`mine` for its holder). */
  private announceReveals(from: number, to: number) {
    for (const winner of this.order.slice(from, to)) {
      const shown = revealedOf(winner);
      this.state.revealed.push(new RevealedWinner(shown));
      for (const client of this.clients)
        client.send("winner", { ...shown, mine: client.auth?.id === winner.userId });
    }
    if (to > from && to < this.order.length) crashPoint("revealing");
  }

  private announceDrawn() {
    const drawn = this.drawn!;
    this.state.serverSeed = drawn.lottery.serverSeed ?? "";
    this.broadcast("drawn", {
      code: this.lottery.code,
      serverSeed: this.state.serverSeed,
      winners: this.order.map(revealedOf),
    });
    tellTicketHolders(this.deps.notifications())(drawn.lottery, drawn.holders);
    this.clock.setTimeout(() => this.disconnect(), KEEP_MS);
  }

  private announceCancelled() {
    this.broadcast("cancelled", { code: this.lottery.code, message: LOTTERY_CANCELLED });
    this.clock.setTimeout(() => this.disconnect(), KEEP_MS);
  }
}

function revealedOf(winner: LotteryWinner): RevealedWinnerMessage {
  return {
    place: winner.place,
    ticket: winner.ticket,
    label: winner.label,
    amount: winner.amount === null ? 0 : minorToMajor(winner.amount),
  };
}

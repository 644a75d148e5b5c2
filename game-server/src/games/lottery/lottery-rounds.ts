import { randomBytes, randomUUID } from "node:crypto";
import {
  type CommandContext,
  type JsonValue,
  type Ledger,
  LedgerError,
  type RoundState,
  stepId,
} from "@igp/ledger";
import {
  commitmentOf,
  LOTTERY_CLOSED,
  LOTTERY_DRAWING,
  LOTTERY_DRAWN,
  LOTTERY_NOT_FOUND,
  type PrizeEntry,
  serverSeedFor,
  ticketsDigest,
} from "@igp/shared";
import { newCode } from "../../wallet/codes.ts";
import { GameError } from "../round-kernel/round-game.ts";
import type { Closed } from "./lottery.machine.ts";
import { drawWinners, type HeldTicket, moneyPrizes, placesOf } from "./lottery.rules.ts";
import { crashPoint } from "./lottery-crash-points.ts";
import type { Lottery, LotteryRegistry, LotteryWinner } from "./lottery-registry.ts";
import { drawingOver } from "./lottery-reveal.ts";

/** Who draws and refunds once an admin asked: the lottery itself. */
const SYSTEM_USER = "lottery";

export interface NewLottery {
  title: string;
  banner: string;
  ticketPrice: number;
  winAmount: number;
  prizesText: string;
  prizes: PrizeEntry[];
  outDate: string;
  createdBy: string;
}

/** Told to every ticket holder once the lottery is drawn (the `lottery` message). */
export type DrawnListener = (lottery: Lottery, holders: Map<string, number[]>) => void;

/** A drawing as recorded, with every holder's tickets (for their `lottery` message). */
export interface DrawnLottery {
  lottery: Lottery;
  holders: Map<string, number[]>;
}

/**
 * Lotteries as rounds on the round kernel's ledger stream (docs/architecture.md, the round
 * kernel): the house opens the round (no first stake) with the out date as its `stakesUntil`;
 * each ticket is a stake whose number the round gives as it receives it; the drawing closes the
 * stakes and draws among the final list; once its room has revealed the winners, the round
 * settles (prizes from the house, the revenue to it); a deletion refunds every ticket.
 * Each step has a deterministic command id and the registry records where the lottery stands,
 * so a drawing or a deletion cut short by a restart completes exactly once (`resume`).
 */
export class LotteryRounds {
  /**
   * Lotteries on sale as read in the last second: each ticket need not read the registry. The
   * round's stream refuses a late ticket anyway; this process forgets a lottery it changes.
   */
  private readonly onSale = new Map<string, { lottery: Lottery; until: number }>();
  /**
   * The registry read in flight for a code: when the second above runs out, the crowd of tickets
   * then arriving shares one read instead of each reading the lottery again.
   */
  private readonly reading = new Map<string, Promise<Lottery | null>>();

  constructor(
    readonly registry: LotteryRegistry,
    private readonly ledger: Ledger,
    private readonly fairnessSecret: string,
    /** The pause between two winners revealed (lottery-reveal.ts): public views wait for it. */
    readonly revealEveryMs: number,
  ) {}

  /** `ip`: the superAdmin's address, kept in the events' metadata (the staff activity log). */
  async create(request: NewLottery, now = new Date(), ip?: string): Promise<Lottery> {
    const roundId = randomUUID();
    const commitment = await commitmentOf(await serverSeedFor(this.fairnessSecret, roundId));
    const code = newCode();
    const ctx = context(request.createdBy, "superAdmin", now, ip);
    await this.ledger.rounds.open(
      {
        roundId,
        game: "lottery",
        betAmount: request.ticketPrice,
        cutBasisPoints: 10_000,
        stakesUntil: request.outDate,
        details: { code, commitment, title: request.title, places: request.prizes.length + 1 },
      },
      { ...ctx, commandId: stepId(roundId, "open") },
    );
    return this.registry.insert({
      ...request,
      roundId,
      code,
      commitment,
      createdAt: now.toISOString(),
    });
  }

  /** A lottery still selling, or the reason it is not. */
  async selling(code: string, now = new Date()): Promise<Lottery> {
    const cached = this.onSale.get(code);
    const lottery =
      cached && cached.until > now.getTime() ? cached.lottery : await this.readOnSale(code, now);
    if (!lottery || lottery.status === "deleting") throw new GameError(404, LOTTERY_NOT_FOUND);
    if (lottery.status === "drawn") throw new GameError(409, LOTTERY_DRAWN);
    if (lottery.status !== "open" || Date.parse(lottery.outDate) <= now.getTime())
      throw new GameError(409, LOTTERY_CLOSED);
    return lottery;
  }

  /** The registry's lottery, kept a second when on sale; one read in flight per code. */
  private readOnSale(code: string, now: Date): Promise<Lottery | null> {
    const inFlight = this.reading.get(code);
    if (inFlight) return inFlight;
    // A read this process forgot meanwhile (it changed the lottery) is answered, never kept.
    const isCurrent = () => this.reading.get(code) === read;
    const read = this.registry.byCode(code).then(
      (lottery) => {
        if (!isCurrent()) return lottery;
        this.reading.delete(code);
        if (lottery?.status === "open")
          this.onSale.set(code, { lottery, until: now.getTime() + 1_000 });
        return lottery;
      },
      (error: unknown) => {
        if (isCurrent()) this.reading.delete(code);
        throw error;
      },
    );
    this.reading.set(code, read);
    return read;
  }

  /** This process changes the lottery: the next ticket reads it again. */
  private forget(code: string) {
    this.onSale.delete(code);
    this.reading.delete(code);
  }

  /**
   * One ticket: the price debited from the wallet (bonus first, as for every stake), the number
   * given by the round. A ticket placed after the out date or the drawing comes straight back.
   */
  async buy(code: string, userId: string, clientSeed: string | undefined, key?: string) {
    const lottery = await this.selling(code);
    const stakeId = stepId(lottery.roundId, "ticket", userId, key ?? randomUUID());
    const now = new Date();
    try {
      const { number, wallet } = await this.ledger.rounds.placeStake(
        {
          userId,
          roundId: lottery.roundId,
          stakeId,
          amount: lottery.ticketPrice,
          selection: { clientSeed: clientSeed ?? randomBytes(12).toString("hex") },
        },
        { ...context(userId, "user", now), commandId: stakeId },
      );
      return { lottery, number, wallet };
    } catch (error) {
      if (error instanceof LedgerError && error.code === "insufficient_funds")
        throw new GameError(409, "Insufficient balance to buy this ticket.");
      if (error instanceof LedgerError && error.code === "not_pending")
        throw new GameError(409, `${LOTTERY_CLOSED} Your money was returned.`);
      if (error instanceof LedgerError && error.code === "restricted")
        throw new GameError(403, error.message);
      throw error;
    }
  }

  /** A new out date (in the future: the schema checks it) for a lottery not drawn yet. */
  async moveOutDate(code: string, outDate: string, adminId: string, ip?: string | null) {
    const lottery = await this.undrawn(code);
    const now = new Date();
    await this.ledger.rounds.moveStakesDeadline(lottery.roundId, outDate, {
      ...context(adminId, "superAdmin", now, ip),
    });
    if (!(await this.registry.setOutDate(lottery.id, outDate)))
      throw new GameError(409, LOTTERY_DRAWN);
    return { ...lottery, outDate };
  }

  /**
   * Sales close (the room's `closing`): the registry moves open → drawing first, so a ticket
   * cannot slip in after a deletion or a second close, then the round takes no more stakes (a
   * ticket still in flight comes straight back). Repeatable: a lottery already closed, by this
   * room before a restart or by another process, reports when it closed.
   */
  async close(lottery: Lottery): Promise<Closed> {
    this.forget(lottery.code);
    let closedAt = await this.registry.close(lottery.id);
    if (!closedAt) {
      const now = await this.registry.byId(lottery.id);
      if (!now) return { outcome: "gone" };
      if (now.status === "deleting") return { outcome: "deleting" };
      if (now.status === "open") throw new Error(`Lottery ${lottery.code} did not close.`);
      closedAt = new Date(now.closedAt ?? Date.now());
    }
    await this.ledger.rounds.closeStakes(lottery.roundId, {
      ...context(SYSTEM_USER, "system", new Date()),
      commandId: stepId(lottery.roundId, "close"),
    });
    crashPoint("closed");
    return { outcome: "closed", closedAt: closedAt.getTime() };
  }

  /**
   * Deleting a lottery that sold tickets refunds every ticket exactly once (the round is
   * cancelled, its refunds in chunks), then it leaves the lists. A drawn lottery stays.
   */
  async remove(lottery: Lottery): Promise<void> {
    this.forget(lottery.code);
    if (lottery.status === "drawn" || lottery.status === "drawing")
      throw new GameError(409, "A drawn lottery cannot be deleted.");
    if (!(await this.registry.advance(lottery.id, ["open", "deleting"], "deleting")))
      throw new GameError(409, LOTTERY_DRAWING);
    await this.completeDeletion(lottery);
  }

  /** The round's final tickets (once the drawing is revealed) and how the drawing went. */
  async proof(lottery: Lottery) {
    const drawn = drawingOver(lottery, this.revealEveryMs);
    const tickets = drawn ? ticketsOf(await this.ledger.rounds.read(lottery.roundId)) : [];
    return {
      tickets: tickets.map(({ number, clientSeed }) => ({ number, clientSeed })),
      ticketsDigest: drawn ? await ticketsDigest(tickets) : null,
      places: placesOf(lottery).length,
    };
  }

  private async undrawn(code: string): Promise<Lottery> {
    this.forget(code);
    const lottery = await this.registry.byCode(code);
    if (!lottery || lottery.status === "deleting") throw new GameError(404, LOTTERY_NOT_FOUND);
    if (lottery.status === "drawn") throw new GameError(409, LOTTERY_DRAWN);
    if (lottery.status === "drawing") throw new GameError(409, LOTTERY_DRAWING);
    return lottery;
  }

  /**
   * The drawing (the room's `drawing`): stakes closed if they are not, winners drawn among the
   * final list, recorded. Nothing is paid: the room reveals the winners, then pays them
   * (`payPrizes`), so no balance shows a prize before its ticket is revealed. Repeatable, so a
   * drawing cut short by a crash, or run by two processes at once, records the first time.
   */
  async completeDrawing(lottery: Lottery): Promise<DrawnLottery> {
    const { roundId } = lottery;
    const state = await this.closedRound(roundId);
    const serverSeed = await serverSeedFor(this.fairnessSecret, roundId);
    const tickets = ticketsOf(state);
    const winners = await drawWinners(lottery, serverSeed, tickets);
    const drawnAt = await this.registry.recordDrawing(lottery.id, serverSeed, winners);
    crashPoint("recorded");
    return {
      lottery: { ...lottery, status: "drawn", serverSeed, winners, drawnAt: drawnAt.toISOString() },
      holders: holdersOf(tickets),
    };
  }

  /**
   * The prizes (the room's `paying`, once the reveal is over): the round settled in the ledger,
   * each money prize from the house, the ticket revenue to it, with the drawing's record for the
   * audit; then the registry notes it paid. The winners are drawn again from the ledger's final
   * tickets (the ledger stays the truth; the same seed and tickets give the recorded winners).
   * The settlement's step id and the round's status let it through once, after a crash or from
   * two processes.
   */
  async payPrizes(lottery: Lottery): Promise<void> {
    const { roundId } = lottery;
    const state = await this.closedRound(roundId);
    if (state.status === "closed") {
      const serverSeed = await serverSeedFor(this.fairnessSecret, roundId);
      const tickets = ticketsOf(state);
      const winners = await drawWinners(lottery, serverSeed, tickets);
      const draw = await drawRecord(serverSeed, tickets, winners, placesOf(lottery).length);
      await this.ledger.rounds.settle(
        roundId,
        [],
        moneyPrizes(winners),
        { ...context(SYSTEM_USER, "system", new Date()), commandId: stepId(roundId, "settle") },
        draw,
      );
      crashPoint("paid");
    }
    await this.registry.recordPaid(lottery.id);
  }

  /** The round with its stakes closed (closed now if a crash left it open). */
  private async closedRound(roundId: string): Promise<RoundState> {
    const state = await this.ledger.rounds.read(roundId);
    if (state.status !== "open") return state;
    await this.ledger.rounds.closeStakes(roundId, {
      ...context(SYSTEM_USER, "system", new Date()),
      commandId: stepId(roundId, "close"),
    });
    return this.ledger.rounds.read(roundId);
  }

  /** Who holds tickets of the lottery now (each once). */
  async holders(lottery: Lottery): Promise<string[]> {
    const tickets = ticketsOf(await this.ledger.rounds.read(lottery.roundId));
    return [...holdersOf(tickets).keys()];
  }

  /** The tickets sold so far (the round's stakes). */
  async ticketsSold(lottery: Lottery): Promise<number> {
    return (await this.ledger.rounds.read(lottery.roundId)).stakes.length;
  }

  private async completeDeletion(lottery: Lottery) {
    const ctx = context(SYSTEM_USER, "system", new Date());
    const state = await this.ledger.rounds.read(lottery.roundId);
    if (state.status === "open" || state.status === "closed" || state.status === "refunding")
      await this.ledger.rounds.cancel(lottery.roundId, "lotteryDeleted", {
        ...ctx,
        commandId: stepId(lottery.roundId, "cancel"),
      });
    await this.registry.advance(lottery.id, ["deleting"], "deleted");
  }
}

/** The tickets a round holds now, in number order. */
export function ticketsOf(state: RoundState): HeldTicket[] {
  return state.stakes.items
    .map((stake) => ({
      number: stake.number ?? 0,
      clientSeed: String(stake.selection?.clientSeed ?? ""),
      userId: stake.userId,
    }))
    .sort((a, b) => a.number - b.number);
}

function holdersOf(tickets: HeldTicket[]): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  for (const ticket of tickets) {
    const numbers = holders.get(ticket.userId) ?? [];
    numbers.push(ticket.number);
    holders.set(ticket.userId, numbers);
  }
  return holders;
}

/** What RoundSettled.draw records: enough for the audit to recompute the drawing. */
async function drawRecord(
  serverSeed: string,
  tickets: HeldTicket[],
  winners: LotteryWinner[],
  places: number,
): Promise<Record<string, JsonValue>> {
  return {
    serverSeed,
    ticketsDigest: await ticketsDigest(tickets),
    tickets: tickets.length,
    places,
    winners: winners.map(({ place, ticket, userId, amount }) => ({
      place,
      ticket,
      userId,
      amount,
    })),
  };
}

function context(
  userId: string,
  role: "user" | "superAdmin" | "system",
  now: Date,
  ip?: string | null,
): CommandContext {
  return { actor: { userId, role }, at: now.toISOString(), ...(ip && { ip }) };
}

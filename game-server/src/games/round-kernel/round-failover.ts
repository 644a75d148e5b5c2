import type { LapsedRound, RoundLeases } from "./round-leases.ts";
import type { Recovered } from "./round-recovery.ts";

/** A round room as the failover sees it: something to close when its lease is lost. */
export interface HeldRoom {
  disconnect(): unknown;
}

/** What the failover needs of a lapsed lease: whose it was and what it names. */
type Lapsed = Pick<LapsedRound, "roundId" | "code" | "holder">;

/** Leases of one kind (rounds, lotteries): RoundLeases, or one of its kinds. */
type Leases<L extends Lapsed> = Pick<RoundLeases, "holder" | "claim" | "renew" | "release"> & {
  lapsed(): Promise<L[]>;
};

export interface RoundFailoverDeps<L extends Lapsed = LapsedRound> {
  leases: Leases<L>;
  /** Resumes a round whose lease this process just claimed. */
  recover: (round: L) => Promise<Recovered>;
  /** Whether another process still answers (its rooms may be alive though its lease lapsed). */
  isAlive: (holder: string) => Promise<boolean>;
  log: (message: string, error?: unknown) => void;
  /** How often to renew this process' leases and look for lapsed ones. */
  everyMs: number;
}

/**
 * Keeps this process' rounds leased and adopts the rounds of processes that died (issue 15): on
 * every tick it renews its leases (a room whose lease another process took is closed, so two
 * rooms never run one round for long), then claims each open round whose lease lapsed and
 * whose holder no longer answers, and resumes it from its stream. Rooms hold their round
 * through `hold` when created and `letGo` when disposed.
 */
export class RoundFailover<L extends Lapsed = LapsedRound> {
  private readonly rooms = new Map<string, HeldRoom>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(private readonly deps: RoundFailoverDeps<L>) {}

  get holder() {
    return this.deps.leases.holder;
  }

  /** A room takes its round; false when another process holds it. */
  async hold(roundId: string, room: HeldRoom): Promise<boolean> {
    if (!(await this.deps.leases.claim(roundId))) return false;
    this.rooms.set(roundId, room);
    return true;
  }

  /** A room is gone: its lease goes too, so nobody waits for it to lapse. */
  letGo(roundId: string) {
    this.rooms.delete(roundId);
    this.deps.leases
      .release(roundId)
      .catch((error) => this.deps.log(`Could not release the lease of round ${roundId}.`, error));
  }

  start() {
    const tick = () => {
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        if (this.timer) this.timer = setTimeout(tick, this.deps.everyMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
  }

  private async tick() {
    try {
      await this.renew();
      // One health check per holder and tick (a dead one takes Colyseus' timeout to answer).
      const alive = new Map<string, Promise<boolean>>();
      const isAlive = (holder: string) => {
        if (!alive.has(holder)) alive.set(holder, this.deps.isAlive(holder));
        return alive.get(holder)!;
      };
      for (const round of await this.deps.leases.lapsed()) await this.adopt(round, isAlive);
    } catch (error) {
      this.deps.log("Round failover: the database did not answer; trying again.", error);
    }
  }

  private async renew() {
    // Only the rooms asked about: a room created while the renewal ran holds a fresh lease.
    const asked = [...this.rooms.keys()];
    const held = await this.deps.leases.renew(asked);
    for (const roundId of asked) {
      const room = this.rooms.get(roundId);
      if (!room || held.has(roundId)) continue;
      this.deps.log(`Round ${roundId}: another process took it over; closing its room here.`);
      this.rooms.delete(roundId);
      room.disconnect();
    }
  }

  private async adopt(round: L, isAlive: (holder: string) => Promise<boolean>) {
    const { holder } = round;
    if (holder && holder !== this.holder && (await isAlive(holder))) return;
    if (!(await this.deps.leases.claim(round.roundId))) return;
    try {
      const outcome = await this.deps.recover(round);
      if (outcome === "resumed")
        this.deps.log(`Round ${round.code}: resumed here (its lease had lapsed).`);
      if (outcome === "closed") await this.deps.leases.release(round.roundId);
    } catch (error) {
      this.deps.log(`Could not recover round ${round.code}.`, error);
    }
  }
}

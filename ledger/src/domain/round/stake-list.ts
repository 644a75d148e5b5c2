import type { z } from "zod";

/** A stake a round holds: whose, how much (and from which balance), what it chose. */
export interface Stake {
  transferId: string;
  userId: string;
  selection?: Record<string, z.infer<ReturnType<typeof z.json>>>;
  amount: number;
  fromMain: number;
  fromBonus: number;
  /** Its number in the round (stakes received before numbers were recorded have none). */
  number?: number;
}

/** The buffer successive lists share: the stakes, and where each transfer id first stands. */
interface Shared {
  stakes: Stake[];
  at: Map<string, number>;
}

/**
 * The stakes a round holds, in the order received: an immutable list whose `append` and `has` take
 * constant time. A round's state is rebuilt one event at a time and a batch of stakes is decided
 * in turn on the states before it, so copying the array per stake made each lottery ticket cost
 * time in proportion to the tickets already sold (half the server's CPU at 15,000 tickets). The
 * lists of successive states share one buffer: appending to the newest pushes onto it; appending
 * to an older one with another stake (a batch decided again after a conflict) copies first. A
 * list reads only its first `length` entries, so an older state never sees a stake added after
 * it (docs/ledger.md).
 */
export class StakeList {
  private materialised: readonly Stake[] | undefined;

  private constructor(
    private readonly shared: Shared,
    readonly length: number,
  ) {}

  static of(stakes: readonly Stake[] = []): StakeList {
    const shared: Shared = { stakes: [], at: new Map() };
    for (const stake of stakes) push(shared, stake);
    return new StakeList(shared, shared.stakes.length);
  }

  /** Whether a stake of this transfer is held. */
  has(transferId: string): boolean {
    const at = this.shared.at.get(transferId);
    return at !== undefined && at < this.length;
  }

  /**
   * This list with `stake` after its last. The buffer's next entry may be that same stake already
   * (a cached state brought up to date with the events a batch decided on a copy of it): then
   * the buffer is shared as it is.
   */
  append(stake: Stake): StakeList {
    const next = this.shared.stakes[this.length];
    if (next !== undefined && !sameStake(next, stake)) return StakeList.of([...this.items, stake]);
    if (next === undefined) push(this.shared, stake);
    return new StakeList(this.shared, this.length + 1);
  }

  /** This list without the stake of `transferId` (a stake returned): a copy. */
  without(transferId: string): StakeList {
    return StakeList.of(this.items.filter((stake) => stake.transferId !== transferId));
  }

  /** The stakes as an array (made once per list, frozen: a state's stakes do not change). */
  get items(): readonly Stake[] {
    this.materialised ??= Object.freeze(this.shared.stakes.slice(0, this.length));
    return this.materialised;
  }
}

/** Two records of one stake (the same event evolved twice) hold the same fields. */
function sameStake(a: Stake, b: Stake): boolean {
  return (
    a.transferId === b.transferId &&
    a.userId === b.userId &&
    a.amount === b.amount &&
    a.fromMain === b.fromMain &&
    a.fromBonus === b.fromBonus &&
    a.number === b.number &&
    JSON.stringify(a.selection) === JSON.stringify(b.selection)
  );
}

function push(shared: Shared, stake: Stake) {
  if (!shared.at.has(stake.transferId)) shared.at.set(stake.transferId, shared.stakes.length);
  shared.stakes.push(stake);
}

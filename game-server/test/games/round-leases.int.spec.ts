import { randomUUID } from "node:crypto";
import { createPgPool } from "@igp/ledger";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsersRepository } from "../../src/accounts/users-repository.ts";
import { RoundFailover } from "../../src/games/round-kernel/round-failover.ts";
import { RoundLeases } from "../../src/games/round-kernel/round-leases.ts";
import { RoundRegistry } from "../../src/games/round-kernel/round-registry.ts";

/**
 * Round leases on a real PostgreSQL (issue 15): one holder at a time, taken over only once
 * lapsed; the failover renews its rooms' leases, adopts lapsed rounds once, and never takes a
 * room created during a renewal for lost. And the registry's updates, stored together.
 */
let pool: ReturnType<typeof createPgPool>;
let registry: RoundRegistry;
let creator: string;
beforeAll(async () => {
  pool = createPgPool(await createTestDatabase(), 6);
  registry = new RoundRegistry(pool);
  const user = await new UsersRepository(pool).create({
    fullName: "Lease Owner",
    phone: "0912345678",
    passwordHash: "x",
    role: "user",
  });
  creator = user!.id;
});
afterAll(() => pool.end());

let codes = 0;
async function openRound(ageMs = 0, game: "coin-flip" | "spin-wheel" = "coin-flip") {
  const roundId = randomUUID();
  const createdAt = new Date(Date.now() - ageMs);
  const code = `LEASE${String(codes++).padStart(3, "0")}`;
  await registry.register({
    roundId,
    code,
    game,
    instantId: null,
    access: "private",
    createdBy: creator,
    betAmount: 100,
    cutBasisPoints: 1000,
    waitingMinutes: 5,
    createdAt: createdAt.toISOString(),
    deadline: new Date(createdAt.getTime() + 300_000).toISOString(),
    status: "waiting",
    players: [],
    commitment: "c",
    outcome: null,
    serverSeed: null,
  });
  return { roundId, code };
}

describe("round leases", () => {
  it("one holder at a time; another takes the round only once the lease lapsed", async () => {
    // Leases of 1.5 s: a loaded machine (CI) took over 300 ms between a renewal and the check.
    const a = new RoundLeases(pool, "process-a", 1_500);
    const b = new RoundLeases(pool, "process-b", 1_500);
    const { roundId } = await openRound();
    const claims = await Promise.all([a.claim(roundId), b.claim(roundId)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = claims[0] ? [a, b] : [b, a];
    expect(await winner.claim(roundId)).toBe(true);
    expect(await winner.renew([roundId])).toEqual(new Set([roundId]));
    expect((await loser.lapsed()).map((r) => r.roundId)).not.toContain(roundId);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await loser.lapsed()).find((r) => r.roundId === roundId)?.holder).toBe(winner.holder);
    expect(await loser.claim(roundId)).toBe(true);
    expect(await winner.renew([roundId])).toEqual(new Set());
  });

  it("a round just registered is left to its creator; an old one without a lease is adopted", async () => {
    const leases = new RoundLeases(pool, "process-c", 5_000);
    const fresh = await openRound();
    const old = await openRound(60_000);
    const lapsed = (await leases.lapsed()).map((r) => r.roundId);
    expect(lapsed).not.toContain(fresh.roundId);
    expect(lapsed).toContain(old.roundId);
    await leases.release(old.roundId);
  });

  it("rounds let go together are released together; another holder's lease stays", async () => {
    const mine = new RoundLeases(pool, "process-d", 60_000);
    const theirs = new RoundLeases(pool, "process-e", 60_000);
    const rounds = await Promise.all(Array.from({ length: 5 }, () => openRound()));
    for (const { roundId } of rounds.slice(0, 4)) expect(await mine.claim(roundId)).toBe(true);
    expect(await theirs.claim(rounds[4]!.roundId)).toBe(true);
    await Promise.all(rounds.map(({ roundId }) => mine.release(roundId)));
    const { rows } = await pool.query(
      "SELECT round_id, holder FROM round_leases WHERE round_id = ANY($1)",
      [rounds.map((r) => r.roundId)],
    );
    expect(rows).toEqual([{ round_id: rounds[4]!.roundId, holder: "process-e" }]);
  });
});

describe("the failover", () => {
  it("adopts a dead holder's round once, and keeps a room created while it renews", async () => {
    const dead = new RoundLeases(pool, "process-dead", 200);
    const { roundId, code } = await openRound();
    expect(await dead.claim(roundId)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const leases = new RoundLeases(pool, "process-alive", 5_000);
    const recovered: string[] = [];
    const closed: string[] = [];
    const failover = new RoundFailover({
      leases,
      recover: async (round) => {
        recovered.push(round.code);
        return "resumed";
      },
      isAlive: async (holder) => holder !== "process-dead",
      log: () => {},
      everyMs: 50,
    });
    // A room held before the failover starts, and one created while a renewal is under way.
    const early = await openRound();
    expect(await failover.hold(early.roundId, { disconnect: () => closed.push("early") })).toBe(
      true,
    );
    const renew = leases.renew.bind(leases);
    let created = false;
    leases.renew = async (ids) => {
      const held = await renew(ids);
      if (!created) {
        created = true;
        const late = await openRound();
        await failover.hold(late.roundId, { disconnect: () => closed.push("late") });
      }
      return held;
    };
    failover.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await failover.stop();
    expect(recovered.filter((c) => c === code)).toHaveLength(1);
    expect(closed).toEqual([]);
  });
});

/** A registry on the test pool that counts the statements it sends. */
function countedRegistry() {
  let sent = 0;
  const counting = {
    query: (...args: Parameters<typeof pool.query>) => {
      sent++;
      return pool.query(...args);
    },
  };
  return {
    registry: new RoundRegistry(counting as unknown as typeof pool),
    statements: () => sent,
  };
}

describe("the round registry", () => {
  it("many rounds' changes of one moment are stored, each round's in the order made", async () => {
    const rounds = await Promise.all(Array.from({ length: 40 }, () => openRound()));
    const seat = (player: string) => ({ player, selectedSide: "H" });
    const { registry: updates, statements } = countedRegistry();
    await Promise.all(
      rounds.flatMap(({ roundId }) => [
        updates.update(roundId, { status: "player-joined", players: [seat("a"), seat("b")] }),
        // Drawn, then (a late write of the same moment) its seats again: the result stays.
        updates.update(roundId, {
          status: "finished",
          players: [seat("a")],
          outcome: "T",
          serverSeed: "s",
        }),
        updates.update(roundId, { status: "finished", players: [seat("a"), seat("b")] }),
      ]),
    );
    expect(statements()).toBe(1);
    for (const { roundId } of rounds)
      expect(await registry.byId(roundId)).toMatchObject({
        status: "finished",
        players: [seat("a"), seat("b")],
        outcome: "T",
        serverSeed: "s",
      });
    const closed = await pool.query(
      "SELECT count(*)::int AS n FROM game_rounds WHERE round_id = ANY($1) AND closed_at IS NOT NULL",
      [rounds.map((r) => r.roundId)],
    );
    expect(closed.rows[0].n).toBe(40);
  });

  it("a change made while a statement runs waits for it and lands after it", async () => {
    const { roundId } = await openRound();
    const first = registry.update(roundId, { status: "player-joined", players: [] });
    await new Promise((resolve) => setImmediate(resolve));
    const second = registry.update(roundId, { status: "expired", players: [] });
    await Promise.all([first, second]);
    expect((await registry.byId(roundId))?.status).toBe("expired");
  });

  it("the last outcomes before a round, asked by many rounds at once, in one query", async () => {
    const rounds = [];
    for (let number = 1; number <= 13; number++) {
      const round = await openRound(0, "spin-wheel");
      await registry.update(round.roundId, { status: "finished", players: [], outcome: number });
      rounds.push(round.roundId);
    }
    const { registry: asking, statements } = countedRegistry();
    const [ofLast, ofFifth] = await Promise.all([
      asking.lastOutcomes("spin-wheel", rounds[12]!),
      asking.lastOutcomes("spin-wheel", rounds[4]!),
    ]);
    expect(statements()).toBe(1);
    expect(ofLast).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(ofFifth).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
  });
});

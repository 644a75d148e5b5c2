import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EventStore,
  InvalidEventError,
  type NewEvent,
  type RecordedEvent,
  readAllUnchained,
  WrongExpectedRevisionError,
} from "./event-store.ts";
import { chainHash, eventBody, GENESIS_HASH } from "./hash-chain.ts";

/**
 * The behaviour every EventStore adapter must show. Each adapter's spec file calls this with a
 * factory for a store on an empty (or at least private) database, and `openAgain`: another
 * instance on the same database, as a restarted process would open it.
 */
export function describeEventStoreContract(
  name: string,
  createStore: () => Promise<EventStore>,
  openAgain: () => Promise<EventStore>,
) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await createStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    const stream = (kind = "test") => `${kind}-${randomUUID()}`;
    const event = (type = "Happened", data: NewEvent["data"] = { n: 1 }): NewEvent => ({
      id: randomUUID(),
      type,
      data,
      metadata: { actor: { userId: "u1", role: "user" } },
    });

    it("appends to a new stream and reads it back with its hash chain", async () => {
      const id = stream();
      const first = event("Opened", { amount: 5025, note: "héllo ✓", nested: { b: 1, a: [1, 2] } });
      const second = event("Closed");
      const result = await store.append(id, [first, second], "no_stream");
      expect(result).toMatchObject({ nextRevision: 1, duplicate: false });

      const read = await store.readStream(id);
      expect(read.map((e) => [e.id, e.type, e.revision])).toEqual([
        [first.id, "Opened", 0],
        [second.id, "Closed", 1],
      ]);
      expect(read[0]!.data).toEqual(first.data);
      expect(read[0]!.metadata).toEqual(first.metadata);
      expect(read[1]!.position).toBe(result.position);
      expect(read[0]!.prevHash).toBe(GENESIS_HASH);
      expect(read[0]!.hash).toBe(chainHash(GENESIS_HASH, id, 0, eventBody(first)));
      expect(read[1]!.prevHash).toBe(read[0]!.hash);
      expect(read[1]!.hash).toBe(chainHash(read[0]!.hash, id, 1, eventBody(second)));
    });

    it("appends with an exact expected revision and refuses a wrong one, writing nothing", async () => {
      const id = stream();
      await store.append(id, [event()], "no_stream");
      await store.append(id, [event()], 0);
      const error = await store.append(id, [event()], 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: id, expected: 0, actual: 1 });
      await expect(store.append(id, [event()], 5)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it("honours no_stream, stream_exists and any", async () => {
      const id = stream();
      await expect(store.append(id, [event()], "stream_exists")).rejects.toMatchObject({
        actual: "no_stream",
      });
      await store.append(id, [event()], "any");
      await expect(store.append(id, [event()], "no_stream")).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      const result = await store.append(id, [event()], "stream_exists");
      expect(result.nextRevision).toBe(1);
    });

    it("treats an append of already stored event ids as a no-op returning the original", async () => {
      const id = stream();
      const events = [event(), event()];
      const original = await store.append(id, events, "no_stream");
      await store.append(id, [event()], 1);
      const again = await store.append(id, events, "no_stream");
      expect(again).toEqual({ ...original, duplicate: true });
      const later = await store.append(id, [events[1]!], "any");
      expect(later).toMatchObject({ nextRevision: 1, duplicate: true });
      expect(await store.readStream(id)).toHaveLength(3);
    });

    it("answers a retry at any distance, from a fresh instance, with the original result", async () => {
      const id = stream();
      await store.append(id, [event()], "no_stream");
      const retried = [event("Debited"), event("Credited")];
      const original = await store.append(id, retried, 0);
      // Far more events than any recent-ids window, then a restart: only a durable record of
      // the ids can still find them.
      for (let i = 0; i < 3; i++) {
        await store.append(
          id,
          Array.from({ length: 100 }, () => event()),
          "any",
        );
      }
      const fresh = await openAgain();
      try {
        // The ledger re-decides a retried command on the stream as it is now: the retry comes
        // with the current revision, not the original one.
        expect(await fresh.append(id, retried, 302)).toEqual({ ...original, duplicate: true });
        expect(await fresh.append(id, retried, "any")).toEqual({ ...original, duplicate: true });
        expect(await fresh.append(id, retried, 0)).toEqual({ ...original, duplicate: true });
        // One command of a batch retried alone: its own event's revision.
        expect(await fresh.append(id, [retried[1]!], 302)).toMatchObject({
          nextRevision: original.nextRevision,
          duplicate: true,
        });
        const read = await fresh.readStream(id);
        expect(read).toHaveLength(303);
        expect(read.filter((e) => e.id === retried[0]!.id)).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    });

    it("stores an append once when twins of it race, answering each the same", async () => {
      const id = stream();
      await store.append(id, [event()], "no_stream");
      const twins = [event(), event()];
      const results = await Promise.all(
        Array.from({ length: 6 }, () => store.append(id, twins, "any")),
      );
      expect(new Set(results.map((r) => `${r.nextRevision}@${r.position}`)).size).toBe(1);
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(await store.readStream(id)).toHaveLength(3);
    });

    it("finds an event's revision by its id in its own stream only", async () => {
      const id = stream();
      const events = [event(), event()];
      await store.append(id, events, "no_stream");
      expect(await store.revisionOf(id, events[1]!.id)).toBe(1);
      expect(await store.revisionOf(id, events[0]!.id.toUpperCase())).toBe(0);
      expect(await store.revisionOf(stream(), events[0]!.id)).toBeNull();
      expect(await store.revisionOf(id, randomUUID())).toBeNull();
      expect(await store.revisionOf(id, "not-an-id")).toBeNull();
    });

    it("refuses an event id that another stream already used", async () => {
      const reused = event();
      await store.append(stream(), [reused], "no_stream");
      const other = stream();
      await expect(store.append(other, [reused], "no_stream")).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      await expect(store.append(other, [event(), reused], "any")).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      expect(await store.readStream(other)).toEqual([]);
    });

    it("refuses malformed events with a typed error and writes nothing", async () => {
      const id = stream();
      const bad: unknown[] = [
        { ...event(), id: "not-a-uuid" },
        { ...event(), type: "" },
        { ...event(), type: "has space" },
        { ...event(), data: [1, 2] },
        { ...event(), data: null },
        { ...event(), metadata: "x" },
        { ...event(), data: { amount: Number.NaN } },
        { ...event(), data: { amount: Number.POSITIVE_INFINITY } },
        { ...event(), data: { amount: 2 ** 60 } },
        { ...event(), data: { when: new Date() } },
        { ...event(), data: { text: "nul\u0000byte" } },
        { ...event(), data: { big: "x".repeat(70_000) } },
      ];
      for (const candidate of bad) {
        await expect(store.append(id, [candidate as NewEvent], "any")).rejects.toBeInstanceOf(
          InvalidEventError,
        );
      }
      await expect(store.append(id, [], "any")).rejects.toBeInstanceOf(InvalidEventError);
      const twice = event();
      await expect(store.append(id, [twice, twice], "any")).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      await expect(store.append("Bad Stream", [event()], "any")).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      await expect(store.append(id, [event()], -7)).rejects.toBeInstanceOf(InvalidEventError);
      expect(await store.readStream(id)).toEqual([]);
    });

    it("lets exactly one of many concurrent appends at one revision win", async () => {
      const id = stream();
      await store.append(id, [event()], "no_stream");
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.append(id, [event()], 0)),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const result of results) {
        if (result.status === "rejected") {
          expect(result.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
      }
      expect(await store.readStream(id)).toHaveLength(2);
    });

    describe("multi-stream appends (adapters with atomicMultiStream)", () => {
      const atomic = (ctx: { skip: () => void }) => {
        if (!store.atomicMultiStream) ctx.skip();
      };

      it("stores every stream's events or none, in one transaction's positions", async (ctx) => {
        atomic(ctx);
        const [a, b] = [stream(), stream()];
        await store.append(b, [event()], "no_stream");
        const [first, second, third] = [event(), event(), event()];
        const results = await store.appendMany([
          { streamId: a, events: [first, second], expected: "no_stream" },
          { streamId: b, events: [third], expected: 0 },
        ]);
        expect(results).toMatchObject([
          { nextRevision: 1, duplicate: false },
          { nextRevision: 1, duplicate: false },
        ]);
        const readA = await store.readStream(a);
        const readB = await store.readStream(b);
        expect(readA.map((e) => e.id)).toEqual([first.id, second.id]);
        expect(readB.map((e) => e.id).slice(1)).toEqual([third.id]);
        expect(readA[1]!.position).toBe(results[0]!.position);
        expect(readB[1]!.position).toBe(results[1]!.position);
        expect(readB[1]!.prevHash).toBe(readB[0]!.hash);
        expect(readB[1]!.hash).toBe(chainHash(readB[0]!.hash, b, 1, eventBody(third)));
      });

      it("writes nothing when either stream is at another revision, naming that stream", async (ctx) => {
        atomic(ctx);
        const [a, b] = [stream(), stream()];
        await store.append(b, [event()], "no_stream");
        for (const [expectedA, expectedB, failing] of [
          ["no_stream", 5, b],
          [0, 0, a],
        ] as const) {
          const error = await store
            .appendMany([
              { streamId: a, events: [event()], expected: expectedA },
              { streamId: b, events: [event()], expected: expectedB },
            ])
            .catch((e: unknown) => e);
          expect(error).toBeInstanceOf(WrongExpectedRevisionError);
          expect(error).toMatchObject({ streamId: failing });
        }
        expect(await store.readStream(a)).toEqual([]);
        expect(await store.readStream(b)).toHaveLength(1);
      });

      it("treats a repeat as a no-op returning the originals, and refuses ids used elsewhere", async (ctx) => {
        atomic(ctx);
        const [a, b] = [stream(), stream()];
        const appends = [
          { streamId: a, events: [event()], expected: "no_stream" as const },
          { streamId: b, events: [event(), event()], expected: "no_stream" as const },
        ];
        const original = await store.appendMany(appends);
        await store.append(a, [event()], 0);
        const again = await store.appendMany(appends);
        expect(again).toEqual(original.map((result) => ({ ...result, duplicate: true })));
        const elsewhere = stream();
        await expect(
          store.appendMany([
            { streamId: elsewhere, events: [event()], expected: "no_stream" },
            { streamId: stream(), events: appends[1]!.events, expected: "no_stream" },
          ]),
        ).rejects.toBeInstanceOf(InvalidEventError);
        await expect(
          store.appendMany([
            { streamId: a, events: [event()], expected: "any" },
            { streamId: a, events: [event()], expected: "any" },
          ]),
        ).rejects.toBeInstanceOf(InvalidEventError);
        expect(await store.readStream(a)).toHaveLength(2);
        expect(await store.readStream(b)).toHaveLength(2);
        expect(await store.readStream(elsewhere)).toEqual([]);
      });

      it("lets exactly one of many concurrent multi-appends on overlapping streams win", async (ctx) => {
        atomic(ctx);
        const shared = stream();
        await store.append(shared, [event()], "no_stream");
        const others = Array.from({ length: 10 }, () => stream());
        const results = await Promise.allSettled(
          others.map((other) =>
            store.appendMany([
              { streamId: other, events: [event()], expected: "no_stream" },
              { streamId: shared, events: [event()], expected: 0 },
            ]),
          ),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        for (const result of results) {
          if (result.status === "rejected") {
            expect(result.reason).toMatchObject({
              name: "WrongExpectedRevisionError",
              streamId: shared,
            });
          }
        }
        const written = await Promise.all(others.map((other) => store.readStream(other)));
        expect(written.filter((events) => events.length > 0)).toHaveLength(1);
        expect(await store.readStream(shared)).toHaveLength(2);
      });
    });

    it("reads a stream from a revision with a maximum count", async () => {
      const id = stream();
      await store.append(id, [event(), event(), event(), event()], "no_stream");
      const part = await store.readStream(id, { fromRevision: 1, maxCount: 2 });
      expect(part.map((e) => e.revision)).toEqual([1, 2]);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it("reads a stream's events recorded up to a moment, with positions and hashes", async () => {
      const id = stream();
      await store.append(id, [event(), event()], "no_stream");
      const [first, second] = await store.readStream(id);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await store.append(id, [event()], 1);
      const third = (await store.readStream(id, { fromRevision: 2 }))[0]!;
      expect(third.recordedAt.getTime()).toBeGreaterThan(second!.recordedAt.getTime());

      const untilSecond = await store.readStream(id, { recordedUntil: second!.recordedAt });
      expect(untilSecond).toEqual([first, second]);
      expect(untilSecond.map((e) => e.position)).toEqual([first!.position, second!.position]);
      const paged = await store.readStream(id, {
        fromRevision: 1,
        maxCount: 1,
        recordedUntil: third.recordedAt,
      });
      expect(paged.map((e) => [e.revision, e.hash])).toEqual([[1, second!.hash]]);
      expect(
        await store.readStream(id, { recordedUntil: new Date(first!.recordedAt.getTime() - 1) }),
      ).toEqual([]);
      expect(await store.readStream(id, { recordedUntil: new Date() })).toHaveLength(3);
    });

    it("answers a stream's head: its last revision, hash, position and time", async () => {
      const id = stream();
      expect(await store.streamHead(id)).toBeNull();
      await store.append(id, [event(), event(), event()], "no_stream");
      const last = (await store.readStream(id)).at(-1)!;
      expect(await store.streamHead(id)).toEqual({
        streamId: id,
        revision: 2,
        hash: last.hash,
        position: last.position,
        recordedAt: last.recordedAt,
      });
    });

    it("lists streams by the start of their id, the latest written first, page by page", async () => {
      const kind = `list${randomUUID().slice(0, 8)}`;
      const [a, b, c] = [`${kind}-a`, `${kind}-b`, `${kind}-c`];
      await store.append(a, [event()], "no_stream");
      await store.append(b, [event(), event()], "no_stream");
      await store.append(c, [event()], "no_stream");
      await store.append(a, [event()], 0); // a is now the latest written
      await store.append(`${kind}x-d`, [event()], "no_stream"); // another kind, same start

      const heads = await Promise.all([a, b, c].map((id) => store.streamHead(id)));
      const [headA, headB, headC] = heads as NonNullable<(typeof heads)[number]>[];
      const all = await store.listStreams({ prefix: `${kind}-`, limit: 10 });
      expect(all).toEqual({ streams: [headA, headC, headB], total: 3 });
      expect(headA).toMatchObject({ revision: 1 });
      expect(await store.listStreams({ prefix: `${kind}-`, offset: 1, limit: 1 })).toEqual({
        streams: [headC],
        total: 3,
      });
      expect(await store.listStreams({ prefix: `${kind}-`, offset: 5, limit: 2 })).toEqual({
        streams: [],
        total: 3,
      });
      expect(await store.listStreams({ prefix: `${kind}-b`, limit: 10 })).toEqual({
        streams: [headB],
        total: 1,
      });
      expect(await store.listStreams({ prefix: `${kind}-%`, limit: 10 })).toEqual({
        streams: [],
        total: 0,
      });
    });

    it("reads the global stream in order, continuing from a position, each event once", async () => {
      const start = await lastPosition(store);
      const ids = [stream(), stream(), stream()];
      const written: string[] = [];
      await Promise.all(
        ids.map(async (id) => {
          for (let i = 0; i < 5; i++) {
            const next = event("Step", { i });
            written.push(next.id);
            await store.append(id, [next], i === 0 ? "no_stream" : i - 1);
          }
        }),
      );
      // Readers wait for older transactions anywhere on the server: poll until all are visible.
      let seen: RecordedEvent[] = [];
      const mine = () => seen.filter((e) => ids.includes(e.streamId));
      await expect
        .poll(
          async () => {
            seen = await readAllFrom(store, start, 4);
            return mine().length;
          },
          { timeout: 10_000 },
        )
        .toBe(written.length);
      expect(
        mine()
          .map((e) => e.id)
          .sort(),
      ).toEqual([...written].sort());
      for (const id of ids) {
        const revisions = mine()
          .filter((e) => e.streamId === id)
          .map((e) => e.revision);
        expect(revisions).toEqual([0, 1, 2, 3, 4]);
      }
      expect(new Set(seen.map((e) => e.position)).size).toBe(seen.length);
    });

    it("reads the global stream without the chain's columns as readAll reads it with them", async () => {
      const id = stream();
      await store.append(id, [event("One", { n: 1 }), event("Two", { n: 2 })], "no_stream");
      const all = await readAllFrom(store, undefined, 7);
      expect(all.filter((e) => e.streamId === id)).toHaveLength(2);
      const unchained: unknown[] = [];
      for (let after: string | undefined; ; ) {
        const page = await readAllUnchained(store, { after, maxCount: 7 });
        if (page.length === 0) break;
        unchained.push(...page);
        after = page.at(-1)!.position;
      }
      // The same events in the same order from the first: each readAll's, less three fields.
      expect(unchained.slice(0, all.length)).toEqual(
        all.map(({ recordedAt, prevHash, hash, ...rest }) => rest),
      );
    });

    it("delivers appended events to a subscriber in order, exactly once", async () => {
      const from = await lastPosition(store);
      const id = stream();
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({
        after: from,
        batchSize: 3,
        onEvents: async (events) => {
          received.push(...events.filter((e) => e.streamId === id));
        },
      });
      for (let i = 0; i < 7; i++) {
        await store.append(id, [event("Tick", { i })], i === 0 ? "no_stream" : i - 1);
      }
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(7);
      await subscription.stop();
      expect(received.map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });
  });
}

export async function lastPosition(store: EventStore): Promise<string | undefined> {
  let after: string | undefined;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 1000 });
    if (batch.length === 0) return after;
    after = batch.at(-1)!.position;
  }
}

export async function readAllFrom(store: EventStore, after: string | undefined, batch: number) {
  const seen: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const events = await store.readAll({ after: position, maxCount: batch });
    if (events.length === 0) return seen;
    seen.push(...events);
    position = events.at(-1)!.position;
  }
}

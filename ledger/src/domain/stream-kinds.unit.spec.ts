import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { z } from "zod";
import { LedgerError } from "./ledger-error.ts";
import { parseLedgerEvent, streamKinds } from "./stream-kinds.ts";

it("compiles every event schema of every stream kind (none left on the slower parse)", () => {
  for (const kind of Object.values(streamKinds))
    for (const schema of Object.values(kind.events))
      expect(() => z.compile(schema as z.ZodType, { strict: true })).not.toThrow();
});

const roundId = randomUUID();
const userId = randomUUID();
const transferId = randomUUID();
const selection = { numbers: [4, 5, 6], clientSeed: "c0ffee", seats: ["4", "5", "6"] };
const placed = {
  transfer: { id: transferId, to: `round-${roundId}`, amount: 3_000, reason: "stake" },
  roundId,
  fromMain: 2_000,
  fromBonus: 1_000,
  selection,
  at: "2026-11-26T12:00:00.000Z",
};
const received = {
  transferId,
  from: `wallet-${userId}`,
  userId,
  amount: 3_000,
  fromMain: 2_000,
  fromBonus: 1_000,
  selection,
  number: 2,
};

/** Events of a join, as they are and spoiled, each as the stream's own (uncompiled) schema takes it. */
const cases: [string, string, unknown][] = [
  [`wallet-${userId}`, "StakePlaced", placed],
  [`wallet-${userId}`, "StakePlaced", { ...placed, extra: "dropped" }],
  [`wallet-${userId}`, "StakePlaced", { ...placed, fromMain: -1 }],
  [`wallet-${userId}`, "StakePlaced", { ...placed, transfer: { ...placed.transfer, main: 1 } }],
  [`wallet-${userId}`, "StakePlaced", { ...placed, selection: { n: Number.NaN } }],
  [`wallet-${userId}`, "StakePlaced", { ...placed, at: "yesterday" }],
  [`round-${roundId}`, "StakeReceived", received],
  [`round-${roundId}`, "StakeReceived", { ...received, transferId: "not-a-uuid" }],
  [`round-${roundId}`, "StakeReceived", { ...received, amount: 1.5 }],
  [`round-${roundId}`, "StakeReceived", { ...received, number: undefined }],
];

it("parses as the event's own schema does: the same data, the same refusals", () => {
  for (const [streamId, type, data] of cases) {
    const kind = streamId.startsWith("wallet") ? streamKinds.wallet : streamKinds.round;
    const own = (kind.events as Record<string, z.ZodType>)[type]!.safeParse(data);
    const parsed = (() => {
      try {
        return parseLedgerEvent(streamId, type, data);
      } catch (error) {
        return error;
      }
    })();
    if (own.success) expect(parsed).toEqual({ type, data: own.data });
    else {
      expect(parsed).toBeInstanceOf(LedgerError);
      const issue = own.error.issues[0]!;
      expect((parsed as LedgerError).message).toContain(issue.message);
    }
  }
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Stake } from "./round.events.ts";
import { StakeList } from "./stake-list.ts";

const stake = (id: number): Stake => ({
  transferId: `t${id}`,
  userId: `u${id % 3}`,
  amount: 100,
  fromMain: 100,
  fromBonus: 0,
  number: id,
});

/** One step on any list made so far: append a stake (maybe one held already) or drop one. */
const step = fc.record({
  from: fc.nat(),
  kind: fc.constantFrom("append", "append", "append", "without"),
  id: fc.nat({ max: 40 }),
});

describe("StakeList", () => {
  it("every list made so far reads as the array it was made from, whatever was appended to another", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const lists: StakeList[] = [StakeList.of()];
        const arrays: Stake[][] = [[]];
        for (const { from, kind, id } of steps) {
          const at = from % lists.length;
          const list = lists[at]!;
          const array = arrays[at]!;
          if (kind === "append") {
            lists.push(list.append(stake(id)));
            arrays.push([...array, stake(id)]);
          } else {
            lists.push(list.without(`t${id}`));
            arrays.push(array.filter((s) => s.transferId !== `t${id}`));
          }
          for (const [index, each] of lists.entries()) {
            const expected = arrays[index]!;
            expect(each.length).toBe(expected.length);
            expect(each.items).toEqual(expected);
            for (let probe = 0; probe <= 40; probe++)
              expect(each.has(`t${probe}`)).toBe(
                expected.some((s) => s.transferId === `t${probe}`),
              );
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("appends to the newest list without copying what it holds", () => {
    let list = StakeList.of();
    const first = list;
    for (let i = 1; i <= 50_000; i++) list = list.append(stake(i));
    expect(list.length).toBe(50_000);
    expect(list.has("t50000")).toBe(true);
    expect(first.length).toBe(0);
    expect(first.has("t1")).toBe(false);
  });
});

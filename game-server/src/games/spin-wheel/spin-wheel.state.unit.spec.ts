import { Decoder, Encoder } from "@colyseus/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SpinWheelSeat } from "./spin-wheel.rules.ts";
import { SpinWheelState, showPicks, showPlayers } from "./spin-wheel.state.ts";

const players = ["ann", "ben", "cai"];

/** A moment of a round: who picked which number, and the seats locked so far (in order). */
const momentArb = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...players)), {
      maxLength: 6,
    }),
    fc.array(
      fc.record({
        player: fc.constantFrom(...players),
        selectedNumbers: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
      { maxLength: 3 },
    ),
  )
  .map(([picks, seats]) => ({
    picks: new Map(picks),
    seats: seats.map((seat): SpinWheelSeat => ({ ...seat, clientSeed: "seed" })),
  }));

function show(
  state: SpinWheelState,
  moment: { picks: Map<number, string>; seats: SpinWheelSeat[] },
) {
  showPicks(state, moment.picks, moment.seats);
  showPlayers(state, moment.seats);
}

describe("the spin wheel state, changed in place", () => {
  it("reaches a client exactly as the round is, whatever came before, and says nothing twice", () => {
    fc.assert(
      fc.property(fc.array(momentArb, { minLength: 1, maxLength: 8 }), (moments) => {
        const state = new SpinWheelState();
        const encoder = new Encoder(state);
        const client = new SpinWheelState();
        const decoder = new Decoder(client);
        decoder.decode(encoder.encodeAll());
        encoder.discardChanges();
        for (const moment of moments) {
          show(state, moment);
          decoder.decode(encoder.encode());
          encoder.discardChanges();
          const locked = new Set(moment.seats.flatMap((seat) => seat.selectedNumbers));
          expect(client.toJSON().picks).toEqual(
            Object.fromEntries(
              [...moment.picks].map(([number, player]) => [
                String(number),
                { number, player, locked: locked.has(number) },
              ]),
            ),
          );
          expect(client.toJSON().players).toEqual(
            moment.seats.map(({ player, selectedNumbers }) => ({
              player,
              numbers: selectedNumbers,
            })),
          );
          // The same round shown again changes nothing: the next patch is empty.
          show(state, moment);
          expect(encoder.encode().length).toBe(0);
        }
      }),
    );
  });

  it("sends a new seat without the seats before it", () => {
    const state = new SpinWheelState();
    const encoder = new Encoder(state);
    const seats = ["ann", "ben", "cai"].map((player, i) => ({
      player,
      selectedNumbers: [2 * i + 1, 2 * i + 2],
      clientSeed: "seed",
    }));
    const patchFor = (count: number) => {
      showPlayers(state, seats.slice(0, count));
      const bytes = encoder.encode().length;
      encoder.discardChanges();
      return bytes;
    };
    patchFor(1);
    // Seats of the same size cost the same, however many came before (a rebuilt list grows).
    expect(patchFor(2)).toBe(patchFor(3));
  });

  it("sends amounts to the cent, whatever their binary fractions", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_00 }), (minor) => {
        const state = new SpinWheelState();
        const encoder = new Encoder(state);
        const client = new SpinWheelState();
        const decoder = new Decoder(client);
        state.betAmount = minor / 100;
        state.payout = (minor * 9) / 1000;
        decoder.decode(encoder.encodeAll());
        expect([client.betAmount, client.payout]).toEqual([minor / 100, (minor * 9) / 1000]);
      }),
    );
  });
});

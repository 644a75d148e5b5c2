import type { SpinMessage } from "@igp/shared";
import { gameFlowMachine } from "../../lib/rounds/game-flow-machine.ts";

/** The shared round flow for spin wheel: the choice is a set of numbers, the result `spin`. */
export const spinFlow = gameFlowMachine<number[], SpinMessage>();

/** At least one number chosen. */
export const hasNumbers = (numbers: number[] | null) => (numbers ?? []).length > 0;

/** Adds a number, or removes it when already chosen; kept ascending. */
export const toggleNumber = (numbers: number[], number: number) =>
  numbers.includes(number)
    ? numbers.filter((n) => n !== number)
    : [...numbers, number].sort((a, b) => a - b);

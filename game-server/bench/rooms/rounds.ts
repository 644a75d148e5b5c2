import { randomUUID } from "node:crypto";
import type { Client, Room } from "@colyseus/sdk";
import { SPIN_SHARE } from "./settings.ts";

/** A seeded player, and what the benchmark measured of it. */
export interface Player {
  index: number;
  userId: string;
  token: string;
  client?: Client;
  channel?: Room;
  room?: Room;
  /** The process this player talks to. */
  url?: string;
  channelMs?: number;
  joinByIdMs?: number;
  coinAt?: number;
  balanceUpdates: number;
  drops: number;
}

export type Game = "coin-flip" | "spin-wheel";

/** Round i's game: spin wheels spread evenly among the rounds at SPIN_SHARE. */
export const gameOf = (i: number): Game =>
  Math.floor((i + 1) * SPIN_SHARE) > Math.floor(i * SPIN_SHARE) ? "spin-wheel" : "coin-flip";

/** Each game's create and join bodies: what a seat is. */
export const SEATS = {
  "coin-flip": { create: { selectedSide: "H" }, join: {} },
  "spin-wheel": { create: { selectedNumbers: [1, 2, 3] }, join: { selectedNumbers: [4, 5, 6] } },
} as const;

/** An open round: its two players, those watching it, and its timings. */
export interface Round {
  game: Game;
  code: string;
  creator: Player;
  joiner: Player;
  watchers: Player[];
  createMs: number;
  joinSentAt?: number;
  joinAckMs?: number;
  joinStatus?: number;
}

/** A client seed for a create or join body. */
export const seed = () => randomUUID().replaceAll("-", "");

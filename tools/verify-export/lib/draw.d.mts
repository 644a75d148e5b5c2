export interface DrawInput {
  serverSeed: string;
  clientSeeds: string[];
  roundId: string;
}
export function sha256Hex(text: string): string;
export function drawIndex(input: DrawInput, nonce: number, n: number): number;
export function flipCoin(input: DrawInput): "H" | "T";
export function spinWinner(input: DrawInput, heldNumbers: number[]): number;
export function ticketsDigest(tickets: { number: number; clientSeed: string }[]): string;
export function drawLottery(
  serverSeed: string,
  roundId: string,
  tickets: { number: number; clientSeed: string }[],
  places: number,
): number[];

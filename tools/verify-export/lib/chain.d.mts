export const GENESIS_HASH: string;
export function canonicalJson(value: unknown): string;
export function eventHash(event: {
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  streamId: string;
  revision: number;
  prevHash: string;
}): string;
export function comparePositions(a: string, b: string): number;

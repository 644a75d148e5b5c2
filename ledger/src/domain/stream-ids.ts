import { LEDGER_STREAM_KINDS, type LedgerStreamKind } from "@igp/shared";

/**
 * Stream naming: `<kind>-<id>`, one consistency boundary each (docs/architecture.md, ledger). The
 * kinds live in shared/ so the back office's ledger explorer names the same ones.
 */
export const STREAM_KINDS = LEDGER_STREAM_KINDS;
export type StreamKindName = LedgerStreamKind;

export const walletStream = (userId: string) => `wallet-${userId}`;
export const agentStream = (agentId: string) => `agent-${agentId}`;
export const depositStream = (depositId: string) => `deposit-${depositId}`;
export const withdrawalStream = (withdrawalId: string) => `withdrawal-${withdrawalId}`;
export const chargeStream = (chargeId: string) => `charge-${chargeId}`;
export const roundStream = (roundId: string) => `round-${roundId}`;

export function parseStreamId(streamId: string): { kind: StreamKindName; id: string } {
  const dash = streamId.indexOf("-");
  const kind = streamId.slice(0, dash) as StreamKindName;
  if (dash < 1 || !STREAM_KINDS.includes(kind)) throw new Error(`Unknown stream ${streamId}.`);
  return { kind, id: streamId.slice(dash + 1) };
}

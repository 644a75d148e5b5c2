export * from "./application/checkpoint-store.ts";
export * from "./application/command-handler.ts";
export * from "./application/ledger.ts";
export * from "./application/transfer-reactor.ts";
export * from "./audit/ledger-replay.ts";
export { advanceOf } from "./domain/agent/agent-advance.ts";
export * from "./domain/house/house.ts";
export * from "./domain/ledger-error.ts";
export * from "./domain/metadata.ts";
export * from "./domain/money-flow.ts";
export * from "./domain/request-code.ts";
export { type Award, potAfterCut } from "./domain/round/round.decide.ts";
export type { RoundState, Stake } from "./domain/round/round.events.ts";
export type { StakeList } from "./domain/round/stake-list.ts";
export * from "./domain/stream-ids.ts";
export * from "./domain/stream-kinds.ts";
export * from "./domain/transfer.ts";
// The wallet's decision itself, for measuring the command handler with its cheapest command.
export { decideWallet } from "./domain/wallet/wallet.decide.ts";
export type { WalletState } from "./domain/wallet/wallet.events.ts";
export type { WithdrawalProof } from "./domain/withdrawal/withdrawal.decide.ts";
export * from "./event-store/canonical-json.ts";
export { chainHashOf } from "./event-store/chain-bytes.ts";
export * from "./event-store/event-json.ts";
export * from "./event-store/event-store.ts";
export * from "./event-store/hash-chain.ts";
export { createKurrentDbEventStore } from "./event-store/kurrentdb/kurrentdb-event-store.ts";
export { batchOfTheMoment } from "./event-store/postgres/batch-of-the-moment.ts";
export { createPgPool } from "./event-store/postgres/create-pool.ts";
export {
  type LedgerSnapshot,
  openLedgerSnapshot,
  type ScannedEvent,
} from "./event-store/postgres/ledger-snapshot.ts";
export { createPostgresEventStore } from "./event-store/postgres/postgres-event-store.ts";
export { FOLLOWER_INTERVAL_MS } from "./event-store/subscription-loop.ts";

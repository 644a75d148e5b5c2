export * from "./projector.ts";
export * from "./projection-runner.ts";
export * from "./rebuild.ts";
export * from "./audit/audit-ledger.ts";

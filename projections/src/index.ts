export * from "./audit/audit-ledger.ts";
export * from "./projection-runner.ts";
export * from "./projector.ts";
export * from "./rebuild.ts";
export * from "./reports/report-days.ts";

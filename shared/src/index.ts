export * from "./constants.ts";
export * from "./money.ts";
export * from "./wallet-rules.ts";
export * from "./api/accounts.ts";

export * from "./api/accounts.ts";
export * from "./api/back-office.ts";
export * from "./api/games.ts";
export * from "./api/wallet.ts";
export * from "./constants.ts";
export * from "./fairness.ts";
export * from "./money.ts";
export * from "./wallet-rules.ts";

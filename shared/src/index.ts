export * from "./constants.ts";
export * from "./money.ts";
export * from "./wallet-rules.ts";

export * from "./event-store/event-store.ts";

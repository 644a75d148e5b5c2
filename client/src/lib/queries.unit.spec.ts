import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "./api-client.ts";
import { queryClient, queryKeys } from "./queries.ts";

afterEach(() => localStorage.clear());

describe("the list cache", () => {
  it("forgets every list when the signed-in account changes, so the next one never sees them", () => {
    tokenStore.set("first-player");
    queryClient.setQueryData(queryKeys.transactions("withdraw"), { transactions: [{ id: "w1" }] });
    tokenStore.clear();
    expect(queryClient.getQueryData(queryKeys.transactions("withdraw"))).toBeUndefined();
    queryClient.setQueryData(queryKeys.adminTable("/api/admin/players"), { players: [] });
    tokenStore.set("second-account");
    expect(queryClient.getQueryData(queryKeys.adminTable("/api/admin/players"))).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { browserSession } from "./api-client.ts";
import { queryClient, queryKeys } from "./queries.ts";

describe("the list cache", () => {
  it("forgets every list when the signed-in account changes, so the next one never sees them", () => {
    queryClient.setQueryData(queryKeys.transactions("withdraw"), { transactions: [{ id: "w1" }] });
    browserSession.changed();
    expect(queryClient.getQueryData(queryKeys.transactions("withdraw"))).toBeUndefined();
    queryClient.setQueryData(queryKeys.adminTable("/api/admin/players"), { players: [] });
    browserSession.changed();
    expect(queryClient.getQueryData(queryKeys.adminTable("/api/admin/players"))).toBeUndefined();
  });
});

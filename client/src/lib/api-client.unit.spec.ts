import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "./api-client.ts";

/** A token shaped like the server's (header.payload.signature), expiring at `exp` (seconds). */
const jwt = (exp: number) =>
  ["e30", btoa(JSON.stringify({ sub: "u1", exp })).replace(/=+$/, ""), "signature"].join(".");
const now = () => Math.floor(Date.now() / 1000);

afterEach(() => tokenStore.clear());

describe("the stored token", () => {
  it("is given while it lasts", () => {
    const token = jwt(now() + 3600);
    tokenStore.set(token);
    expect(tokenStore.get()).toBe(token);
  });

  it("is not given once expired: the server would only answer 401", () => {
    tokenStore.set(jwt(now() - 1));
    expect(tokenStore.get()).toBeNull();
  });

  it("is left to the server when it cannot be read", () => {
    tokenStore.set("not-a-jwt");
    expect(tokenStore.get()).toBe("not-a-jwt");
  });
});

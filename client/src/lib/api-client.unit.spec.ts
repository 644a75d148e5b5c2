import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, browserSession } from "./api-client.ts";

afterEach(() => {
  markSignedIn(false);
  vi.unstubAllGlobals();
});

describe("the browser's session", () => {
  it("exists while the server's readable hint cookie does", () => {
    expect(browserSession.exists()).toBe(false);
    markSignedIn();
    expect(browserSession.exists()).toBe(true);
    markSignedIn(false);
    expect(browserSession.exists()).toBe(false);
  });

  it("keeps nothing of the session in web storage, and forgets a token stored before", async () => {
    localStorage.setItem("token", "old-token");
    vi.resetModules();
    await import("./api-client.ts");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("sends no token of its own: the cookie travels with the request", async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      seen.push(init);
      return Response.json({});
    });
    await api("/api/login/user");
    await api("/api/auth/session", { method: "POST", token: "handed-over" });
    expect(seen[0]!.headers).toEqual({});
    expect(seen[1]!.headers).toEqual({ authorization: "Bearer handed-over" });
  });
});

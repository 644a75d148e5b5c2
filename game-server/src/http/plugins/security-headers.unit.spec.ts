import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.ts";

describe("content security policy", () => {
  it("allows telegram.org's widget script and sign-in frame only when Telegram is on", () => {
    const off = contentSecurityPolicy({ telegram: false, publicUrl: undefined });
    expect(off["script-src"]).toEqual(["'self'"]);
    expect(off["frame-src"]).toEqual(["'none'"]);
    const on = contentSecurityPolicy({ telegram: true, publicUrl: undefined });
    expect(on["script-src"]).toEqual(["'self'", "https://telegram.org"]);
    expect(on["frame-src"]).toEqual(["https://oauth.telegram.org"]);
  });

  it("names the public address's websocket, and upgrades requests only on https", () => {
    const https = contentSecurityPolicy({
      telegram: false,
      publicUrl: "https://games.example.com",
    });
    expect(https["connect-src"]).toEqual(["'self'", "wss://games.example.com"]);
    expect(https["upgrade-insecure-requests"]).toEqual([]);
    const http = contentSecurityPolicy({ telegram: false, publicUrl: "http://10.0.0.5:3000" });
    expect(http["connect-src"]).toEqual(["'self'", "ws://10.0.0.5:3000"]);
    expect(http["upgrade-insecure-requests"]).toBeNull();
  });

  it("never allows eval or inline scripts, nor framing", () => {
    for (const telegram of [false, true]) {
      const policy = contentSecurityPolicy({ telegram, publicUrl: "https://g.example" });
      const text = JSON.stringify(policy);
      expect(text).not.toMatch(/unsafe-eval|unsafe-inline/);
      expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    }
  });
});

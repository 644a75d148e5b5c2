import { describe, expect, it } from "vitest";
import { isOurOrigin } from "./same-host.ts";

describe("isOurOrigin", () => {
  it("matches our host, with its port or by name behind a proxy that drops the port", () => {
    expect(isOurOrigin("https://games.example.et", "games.example.et")).toBe(true);
    expect(isOurOrigin("http://127.0.0.1:4100", "127.0.0.1:4100")).toBe(true);
    expect(isOurOrigin("http://localhost:8080", "localhost")).toBe(true);
  });

  it("refuses another host or port, null and nonsense", () => {
    expect(isOurOrigin("https://evil.example", "games.example.et")).toBe(false);
    expect(isOurOrigin("https://games.example.et.evil.example", "games.example.et")).toBe(false);
    expect(isOurOrigin("http://127.0.0.1:4200", "127.0.0.1:4100")).toBe(false);
    expect(isOurOrigin("null", "games.example.et")).toBe(false);
    expect(isOurOrigin("not a url", "games.example.et")).toBe(false);
  });
});

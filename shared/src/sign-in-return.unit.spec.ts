import { describe, expect, it } from "vitest";
import { isGamePage, signInPageFrom } from "./sign-in-return.ts";

describe("the game's page a sign-in returns to", () => {
  it("names a game's page, and nothing that could leave the site or the games", () => {
    expect(signInPageFrom("/play/instant/coin-flip/AB12CD")).toBe(
      "/auth/login?next=%2Fplay%2Finstant%2Fcoin-flip%2FAB12CD",
    );
    expect(signInPageFrom("/dashboard/lottery-tickets")).toBe("/auth/login");
    for (const away of [
      "//evil.example/play/x",
      "https://evil.example/play/x",
      "/play/../admin/dashboard",
      "/play/x?y=1",
      "/playground",
      "/play/",
      `/play/${"a".repeat(201)}`,
    ])
      expect(isGamePage(away), away).toBe(false);
  });
});

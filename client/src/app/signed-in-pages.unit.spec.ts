import { describe, expect, it } from "vitest";
import { visitorGoesFrom } from "./signed-in-pages.ts";

describe("where a visitor goes from a page (the service worker's answer, as the server's)", () => {
  it("sends them from a game's page to sign in, naming it", () => {
    for (const path of [
      "/play/instant/coin-flip/lobby",
      "/play/instant/spin-wheel",
      "/play/instant/coin-flip/AB12CD",
    ])
      expect(visitorGoesFrom(path), path).toBe(`/auth/login?next=${encodeURIComponent(path)}`);
  });

  it("sends them from the other pages behind sign-in to sign in, or where the page says", () => {
    expect(visitorGoesFrom("/create/private/coin-flip")).toBe("/auth/login");
    expect(visitorGoesFrom("/dashboard/lottery-tickets")).toBe("/auth/login");
    expect(visitorGoesFrom("/dashboard/profile")).toBe("/");
  });

  it("leaves them on the pages open to them", () => {
    for (const path of [
      "/",
      "/auth/login",
      "/play/instant/lottery",
      "/play/instant/lottery/LT12AB",
      "/demo/game/spin-wheel",
      "/play/instant/coin-flip/AB/CD",
      "/dashboard/deposit",
    ])
      expect(visitorGoesFrom(path), path).toBeUndefined();
  });
});

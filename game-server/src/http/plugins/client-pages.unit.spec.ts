import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtPages, pageFor, preloadsFor, visitorGoesTo } from "./client-pages.ts";

/** A build directory with the given page files (under pages/) and pages.json. */
function buildWith(files: string[], data: unknown[] = []) {
  const dist = mkdtempSync(path.join(tmpdir(), "igp-pages-"));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dist, "pages", file)), { recursive: true });
    writeFileSync(path.join(dist, "pages", file), `<!-- ${file} -->`);
  }
  writeFileSync(path.join(dist, "pages.json"), JSON.stringify(data));
  return builtPages(dist);
}

const PAGES = [
  "index.html",
  "play/instant/coin-flip/lobby.html",
  "play/instant/coin-flip/[id].html",
  "play/instant/lottery/[code].html",
  "admin/dashboard/[...].html",
  "dashboard/profile.html",
];
const DATA = [
  {
    path: "/play/instant/coin-flip/[id]",
    data: [{ url: "/api/game/coin-flip/get/[id]", signedIn: true, code: true }],
    signedIn: true,
  },
  { path: "/play/instant/lottery/[code]", data: [{ url: "/api/game/lottery/get/[code]" }] },
  { path: "/play/instant/coin-flip/lobby", signedIn: true },
  { path: "/dashboard/profile", signedIn: true, visitorTo: "/" },
];
const SIGNED_IN = "igp_session=x; igp_signed_in=1";

describe("the built pages (client-pages.ts)", () => {
  it("answers an address with its own page before a pattern's; [id] is one segment, [...] the rest", () => {
    const pages = buildWith(PAGES);
    const fileFor = (url: string) => pageFor(pages, url)?.file;
    expect(fileFor("/")).toBe("pages/index.html");
    expect(fileFor("/play/instant/coin-flip/lobby")).toBe(
      "pages/play/instant/coin-flip/lobby.html",
    );
    expect(fileFor("/play/instant/coin-flip/AB12CD")).toBe(
      "pages/play/instant/coin-flip/[id].html",
    );
    expect(fileFor("/play/instant/coin-flip/AB/CD")).toBeUndefined();
    expect(fileFor("/play/instant/coin-flip")).toBeUndefined();
    expect(fileFor("/admin/dashboard")).toBe("pages/admin/dashboard/[...].html");
    expect(fileFor("/admin/dashboard/ledger/explorer")).toBe("pages/admin/dashboard/[...].html");
    expect(fileFor("/admin/dashboardx")).toBeUndefined();
  });

  it("names the session's user for a signed-in browser, and the page's reads by its address", () => {
    const pages = buildWith(PAGES, DATA);
    const links = (url: string, cookie?: string) => preloadsFor(pageFor(pages, url), url, cookie);
    expect(links("/")).toBe("");
    expect(links("/", SIGNED_IN)).toBe("</api/login/user>; rel=preload; as=fetch; crossorigin");
    expect(links("/nowhere", SIGNED_IN)).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin",
    );
    // A visitor is sent to sign in: the round is not read for it.
    expect(links("/play/instant/coin-flip/AB12CD")).toBe("");
    expect(links("/play/instant/coin-flip/AB12CD", SIGNED_IN)).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin, " +
        "</api/game/coin-flip/get/AB12CD>; rel=preload; as=fetch; crossorigin",
    );
    // Digits name a table, read another way.
    expect(links("/play/instant/coin-flip/42", SIGNED_IN)).toBe(
      "</api/login/user>; rel=preload; as=fetch; crossorigin",
    );
    expect(links("/play/instant/lottery/L%2F1")).toBe(
      "</api/game/lottery/get/L%2F1>; rel=preload; as=fetch; crossorigin",
    );
  });

  it("an address that is not valid percent-encoding gets its page and no read", () => {
    const pages = buildWith(PAGES, DATA);
    const url = "/play/instant/lottery/%E0%A4%A";
    expect(pageFor(pages, url)?.file).toBe("pages/play/instant/lottery/[code].html");
    expect(preloadsFor(pageFor(pages, url), url)).toBe("");
  });

  it("sends a browser without a session from a page behind sign-in to the sign-in page", () => {
    const pages = buildWith(PAGES, DATA);
    const goesTo = (url: string, cookie?: string) =>
      visitorGoesTo(pageFor(pages, url), url, cookie);
    // Naming the game's page, where the player lands once signed in (a shared link is kept).
    expect(goesTo("/play/instant/coin-flip/lobby")).toBe(
      "/auth/login?next=%2Fplay%2Finstant%2Fcoin-flip%2Flobby",
    );
    expect(goesTo("/play/instant/coin-flip/AB12CD", "igp_language=am")).toBe(
      "/auth/login?next=%2Fplay%2Finstant%2Fcoin-flip%2FAB12CD",
    );
    // A page's own choice: the profile sends a visitor home (player spec).
    expect(goesTo("/dashboard/profile")).toBe("/");
    expect(goesTo("/dashboard/profile", SIGNED_IN)).toBeUndefined();
    // A session (even one the server will refuse: the page then says so), a public page.
    expect(goesTo("/play/instant/coin-flip/lobby", SIGNED_IN)).toBeUndefined();
    expect(goesTo("/play/instant/lottery/L1")).toBeUndefined();
    expect(goesTo("/")).toBeUndefined();
    expect(goesTo("/nowhere")).toBeUndefined();
    // The hint is that cookie by its whole name, with a value.
    for (const cookie of ["xigp_signed_in=1", "igp_signed_in_old=1", "igp_signed_in="])
      expect(goesTo("/play/instant/coin-flip/lobby", cookie), cookie).toBeDefined();
    expect(goesTo("/play/instant/coin-flip/lobby", "a=1;igp_signed_in=staff")).toBeUndefined();
  });
});

/**
 * The project's layers, checked on every CI run (`npm run lint:deps`, part of `npm run lint`).
 * docs/architecture.md draws them; each rule's comment says why it holds.
 *
 *   client ─┐
 *           ├─> shared
 *   game-server ─> projections ─> ledger ─> shared
 *
 * Inside game-server: http -> (games, realtime, accounts, wallet, ...) -> nothing above them;
 * games never know realtime; domain code never throws HTTP errors. The layers bind production
 * code; tests sit above everything (they may use test-support, @igp/test-support), but reach
 * other packages only by their face, like any other user.
 */
const PACKAGES = "^(shared|ledger|projections|game-server|client)/";
/**
 * Files shared/ exports by a subpath of its own (package.json `exports`): what the browser's
 * first download needs without the index, whose schemas a bundler cannot drop.
 */
const SHARED_SUBPATHS = Object.values(require("./shared/package.json").exports)
  .filter((file) => file !== "./src/index.ts")
  .map((file) => `^shared/${file.slice(2).replace(/\./g, "\\.")}$`);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A loop of imports has no bottom: no part of it can be read, tested or moved alone.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-stands-alone",
      severity: "error",
      comment: "shared/ is what client and servers agree on: it depends on none of them.",
      from: { path: "^shared/src/" },
      to: { path: "^(ledger|projections|game-server|client|test-support)/" },
    },
    {
      name: "ledger-below-projections",
      severity: "error",
      comment:
        "The ledger is the truth; read models and the server are built on it, never under it.",
      from: { path: "^ledger/src/", pathNot: "\\.spec\\.ts$" },
      to: { path: "^(projections|game-server|client|test-support)/" },
    },
    {
      name: "projections-below-the-server",
      severity: "error",
      comment: "Read models are folded from the ledger alone; the server reads them.",
      from: { path: "^projections/src/", pathNot: "\\.spec\\.ts$" },
      to: { path: "^(game-server|client|test-support)/" },
    },
    {
      name: "client-talks-over-the-wire",
      severity: "error",
      comment:
        "The browser app speaks to the server over HTTP and WebSocket, sharing only shared/.",
      from: { path: "^client/src/", pathNot: "\\.spec\\.tsx?$" },
      to: { path: "^(ledger|projections|game-server|test-support)/" },
    },
    {
      name: "servers-do-not-import-the-client",
      severity: "error",
      comment:
        "Server code and its tests see the client as a user does: its built files, its pages.",
      from: { path: "^(game-server|test-support|ledger|projections|shared)/" },
      to: { path: "^client/" },
    },
    {
      name: "packages-by-their-face",
      severity: "error",
      comment:
        "Another package is used by its name (@igp/ledger...), through what its index (or a subpath of its package.json) exports, never by a path into its files.",
      from: { path: PACKAGES },
      to: {
        path: "^(shared|ledger|projections)/",
        pathNot: ["^$1/", "^(shared|ledger|projections)/src/index\\.ts$", ...SHARED_SUBPATHS],
      },
    },
    {
      name: "the-server-by-its-face",
      severity: "error",
      comment:
        "Tools outside the server (test-support, other packages) start and use it through game-server/src/index.ts.",
      from: { path: "^(shared|ledger|projections|client|test-support)/" },
      to: { path: "^game-server/src/", pathNot: "^game-server/src/index\\.ts$" },
    },
    {
      name: "games-know-nothing-of-realtime",
      severity: "error",
      comment:
        "A game is its rules, state and view on the round kernel; rooms and channels come to it as interfaces.",
      from: { path: "^game-server/src/games/" },
      to: { path: "^game-server/src/(realtime|http)/" },
    },
    {
      name: "domain-speaks-no-http",
      severity: "error",
      comment:
        "Domain code refuses with its own errors; the HTTP layer turns them into status codes.",
      from: {
        path: "^game-server/src/(accounts|wallet|uploads|settings|games|security|database|workers|telegram)/",
      },
      to: { path: "^game-server/src/http/" },
    },
    {
      name: "realtime-below-http",
      severity: "error",
      comment: "Rooms and channels are used by the HTTP routes, never the reverse.",
      from: { path: "^game-server/src/realtime/" },
      to: { path: "^game-server/src/http/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "dist", "\\.prerender"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "default"] },
    combinedDependencies: true,
  },
};

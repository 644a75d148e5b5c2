import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".vitest-report.json" }]]
      : ["default"],
    // Two cores: files run in parallel but not so many that PostgreSQL thrashes.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          include: ["{shared,ledger,projections,game-server}/{src,test}/**/*.spec.ts"],
          globalSetup: ["test-support/global-setup.ts"],
          setupFiles: ["test-support/page-problems.setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "client",
          include: ["client/src/**/*.spec.{ts,tsx}", "client/scripts/**/*.spec.ts"],
          environment: "happy-dom",
          // A screen's first render loads its lazy chunks: past vitest's 5 s when CI's browser
          // and server tests share the two cores (seen: 4.9 and 5.3 s).
          testTimeout: 20_000,
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{shared,ledger,projections,game-server}/{src,test}/**/*.spec.ts"],
    globalSetup: ["test-support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files run in parallel but not so many that PostgreSQL thrashes.
    maxWorkers: 2,
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".vitest-report.json" }]]
      : ["default"],
  },
});

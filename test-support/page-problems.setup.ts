import { afterEach, expect } from "vitest";
import { takePageProblems } from "./page-problems.ts";

// Every test of the server project: no page it drove may have thrown, logged an error or broken
// the Content Security Policy (tests that provoke one take it with expectPageProblems).
afterEach(() => {
  expect(takePageProblems(), "problems on the pages this test drove").toEqual([]);
});

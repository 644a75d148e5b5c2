import { describe, expect, it } from "vitest";
import { lazySchemas } from "./lazy-schemas.ts";

describe("schemas loaded when first read", () => {
  it("loads the module once, however many read it", async () => {
    let loads = 0;
    const schemas = lazySchemas(async () => ({ loaded: ++loads }));
    const [first, second] = await Promise.all([schemas(), schemas()]);
    expect(await schemas()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it("tries a failed download again at the next read instead of remembering the failure", async () => {
    let attempts = 0;
    const schemas = lazySchemas(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { attempt: attempts };
    });
    await expect(schemas()).rejects.toThrow("Failed to fetch");
    await expect(schemas()).resolves.toEqual({ attempt: 2 });
  });
});

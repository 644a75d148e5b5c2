import { describe, expect, it } from "vitest";
import { asData } from "./page-render.ts";

describe("the data block of a page the server rendered", () => {
  it("cannot be ended or commented out by what a player typed (a name), and reads back the same", () => {
    const answers = {
      "/api/login/user": { fullName: "</script><script>alert(1)</script><!-- Abebe" },
    };
    const text = asData(answers);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(answers);
  });
});

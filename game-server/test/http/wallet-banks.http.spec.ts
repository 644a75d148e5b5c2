import { form, pngImage } from "@igp/test-support/images.ts";
import { describe, expect, it } from "vitest";
import { root, server, startWalletServer } from "./wallet-fixture.ts";

/** The banks players pay into and out of, with their logos: listed, served, refused when not images. */
startWalletServer();

describe("banks and images", () => {
  it("lists active banks to anyone and serves their logos as images", async () => {
    const active = await server.call("GET", "/api/banks/get/active?page=1");
    expect(active.body.status).toBe("ok");
    const cbe = active.body.banks.find((b: { bankName: string }) => b.bankName === "CBE");
    expect(cbe).toMatchObject({
      type: "deposit",
      accountNumber: "1000123456789",
      status: "active",
    });
    const logo = await fetch(`${server.url}/image/${cbe.bankLogo}`);
    expect(logo.headers.get("content-type")).toBe("image/webp");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await server.call("GET", "/image/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });

  it("refuses files that are not images, and images over 5 MB", async () => {
    const text = form(
      { bankName: "Fake", accountNumber: "1" },
      { field: "bankLogo", bytes: Buffer.from("<script>alert(1)</script>"), type: "image/png" },
    );
    expect(
      await server.call("POST", "/api/banks/create", { token: root, body: text }),
    ).toMatchObject({
      status: 400,
      body: { message: "Only PNG, JPEG, GIF or WebP images are accepted." },
    });
    const huge = form(
      { bankName: "Huge", accountNumber: "1" },
      {
        field: "bankLogo",
        bytes: Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]),
      },
    );
    expect(
      (await server.call("POST", "/api/banks/create", { token: root, body: huge })).status,
    ).toBe(413);
  });
});

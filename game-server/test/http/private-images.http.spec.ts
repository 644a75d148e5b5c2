import { newTransactionId } from "@igp/test-support/deposits.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_LINK_REFUSED, IMAGE_PRIVATE } from "../../src/http/routes/images.routes.ts";
import { createImageLinks } from "../../src/uploads/image-links.ts";

/**
 * Payment proofs are private: their links are signed, short-lived, handed only to the player who
 * uploaded them and to staff, and cached by the browser alone. Logos stay public.
 */
let server: TestServer;
let root: string;
let logo: string;
beforeAll(async () => {
  server = await startTestServer();
  root = (await signInSuperAdmin(server)).token;
  const bank = form(
    { bankName: "CBE", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  logo = (await server.call("POST", "/api/banks/create", { token: root, body: bank })).body
    .bankLogo;
});
afterAll(() => server.stop());

async function depositWithProof() {
  const player = await signUpPlayer(server);
  const body = form(
    { method: "CBE", amount: 60, accountNumber: "100200", transactionId: newTransactionId() },
    { field: "screenshot", bytes: await pngImage("#43a047") },
  );
  await server.call("POST", "/api/wallet/deposit/request", { token: player.token, body });
  for (let i = 0; i < 100; i++) {
    const own = await server.call("GET", "/api/transactions/deposit", { token: player.token });
    const link: string | undefined = own.body.transactions[0]?.screenShot;
    if (link) return { player, link };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the deposit never reached the player's list");
}

const get = (path: string) => fetch(`${server.url}${path}`);
const fileOf = (link: string) => new URL(link, server.url).pathname.slice("/image/".length);

describe("payment proofs", () => {
  it("reach their owner and staff as signed links, cached privately and briefly", async () => {
    const { link } = await depositWithProof();
    expect(link).toMatch(/^\/image\/[0-9a-f]{32}\.webp\?expires=\d+&signature=[\w-]{43}$/);
    const expires = Number(new URL(link, server.url).searchParams.get("expires"));
    const lifetime = expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(10 * 60 - 5);
    expect(lifetime).toBeLessThanOrEqual(15 * 60);

    const proof = await get(link);
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/webp");
    const cache = proof.headers.get("cache-control")!;
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(Number(cache.split("=")[1])).toBeLessThanOrEqual(15 * 60);

    const staff = await server.call("GET", "/api/admin/deposit/requests?page=1", { token: root });
    const listed = staff.body.transactions.find(
      (t: { screenShot: string | null }) => t.screenShot && fileOf(t.screenShot) === fileOf(link),
    );
    expect((await get(listed.screenShot)).status).toBe(200);
  });

  it("are refused without a signature, with a tampered or foreign one, and once expired", async () => {
    const { link } = await depositWithProof();
    const file = fileOf(link);
    const url = new URL(link, server.url);
    const expires = url.searchParams.get("expires")!;
    const signature = url.searchParams.get("signature")!;
    const otherFile = fileOf((await depositWithProof()).link);
    const pastClock = () => Date.now() - 16 * 60 * 1000;
    const expired = createImageLinks(server.platform.config.imageLinkSecret, pastClock).link(file);
    const foreign = createImageLinks("a".repeat(48)).link(file);

    const refusals: [string, number, string][] = [
      [`/image/${file}`, 403, IMAGE_PRIVATE],
      [
        `/image/${file}?expires=${Number(expires) + 300}&signature=${signature}`,
        403,
        IMAGE_LINK_REFUSED,
      ],
      [
        `/image/${file}?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
        403,
        IMAGE_LINK_REFUSED,
      ],
      [`/image/${otherFile}?expires=${expires}&signature=${signature}`, 403, IMAGE_LINK_REFUSED],
      [`/image/${file}?expires=${expires}`, 403, IMAGE_LINK_REFUSED],
      [expired, 403, IMAGE_LINK_REFUSED],
      [foreign, 403, IMAGE_LINK_REFUSED],
    ];
    for (const [path, status, message] of refusals) {
      const answer = await get(path);
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status,
        body: { message },
      });
    }
    expect((await get(link)).status).toBe(200); // the genuine link still works
  });

  it("leave logos public and cacheable by anyone", async () => {
    const answer = await get(`/image/${logo}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get(`/image/${"0".repeat(32)}.png`)).status).toBe(403); // no such logo
  });
});

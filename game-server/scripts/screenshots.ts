import { mkdir } from "node:fs/promises";
import path from "node:path";
import {
  ensureClientBuilt,
  hasChromium,
  launchBrowser,
  signInContext,
} from "@igp/test-support/browser.ts";
import { httpCaller, signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { ROOT, startEmbeddedServer } from "@igp/test-support/server-process.ts";
import type { Browser, Page } from "playwright-core";
import { signIn as signInSuperAdmin } from "../bench/bench-api.ts";

/**
 * `npm run screenshots -- <label>`: viewport screenshots of the main screens at 360x740 and
 * 1280x800 into docs/screenshots/<label>/<screen>-<width>.png. Starts the server as `npm start`
 * does on a fresh embedded database (the client is built first if it is not), sets the scene
 * through the real API (a bank, players funded by bank deposits the superAdmin approves, a coin
 * flip table with a round waiting, a deposit left pending, a drawn lottery with tickets), then
 * drives Chromium through: home, the coin flip lobby, a round in progress, a spin wheel in
 * motion, a finished round's result, a win, My Tickets, Game History, the deposit dialog, the
 * back office's dashboard and its deposit requests. Stops the server and removes its data when
 * done.
 */
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
const SUPER_ADMIN = { email: "screens@example.com", password: "screens-password-1" };
const BET = 20;

type Call = TestServer["call"];
interface Player {
  token: string;
  name: string;
}
interface Scene {
  url: string;
  call: Call;
  root: string;
  /** The round Alice opened and waits on. */
  openCode: string;
  alice: Player;
  bob: Player;
  carol: Player;
}

/** How a screen is reached; it may return another page than the one given, to be taken. */
// biome-ignore lint/suspicious/noConfusingVoidType: most screens return nothing (the page given is taken)
type Screen = (page: Page, scene: Scene, browser: Browser) => Promise<Page | void>;

async function main() {
  const label = process.argv[2] ?? "";
  if (!/^[a-z0-9-]+$/.test(label)) throw new Error("usage: npm run screenshots -- <label>");
  if (!hasChromium) throw new Error("/usr/bin/chromium is missing (apt-get install chromium)");
  const folder = path.join(ROOT, "docs/screenshots", label);
  await mkdir(folder, { recursive: true });
  ensureClientBuilt();
  const server = await startEmbeddedServer("screenshots", SUPER_ADMIN);
  const browser = await launchBrowser();
  try {
    const scene = await setScene(server.url);
    for (const viewport of VIEWPORTS) {
      for (const [screen, show] of Object.entries(SCREENS)) {
        const page = await browser.newPage({ viewport, isMobile: viewport.width < 600 });
        const shown = (await show(page, scene, browser)) ?? page;
        await shown.screenshot({ path: path.join(folder, `${screen}-${viewport.width}.png`) });
        if (shown !== page) await shown.context().close();
        await page.context().close();
        console.log(`- ${screen} at ${viewport.width}`);
      }
    }
    console.log(`Screenshots in ${path.relative(ROOT, folder)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Each screen: how a page gets there, signed in as whom, ready to be taken. */
const SCREENS: Record<string, Screen> = {
  async home(page, { url }) {
    await page.goto(`${url}/`);
    await page.getByRole("link", { name: "Play Coin Flip" }).waitFor();
  },
  async lobby(page, { url, bob, openCode }) {
    await signIn(page, bob.token);
    await page.goto(`${url}/play/instant/coin-flip/lobby`);
    await page.locator(`[data-code="${openCode}"]`).waitFor();
  },
  async game(page, { url, alice, openCode }) {
    await signIn(page, alice.token);
    await page.goto(`${url}/play/instant/coin-flip/${openCode}`);
    await page.getByText("Waiting for a second player").waitFor();
  },
  /** Carol opens a private round, Bob joins it here and the coin lands: Bob's won or lost. */
  async result(page, { url, call, bob, carol }) {
    const code = await openRound(call, carol);
    await signIn(page, bob.token);
    await page.goto(`${url}/play/instant/coin-flip/${code}`);
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page
      .locator('[data-testid="coin-canvas"][data-landed="true"]')
      .waitFor({ timeout: 30_000 });
    await page.getByRole("alertdialog", { name: /You won!|You lost/ }).waitFor();
  },
  /** Carol holds 1-3 of a private spin wheel; Bob takes 4-6 here: the wheel, 2 s into its spin. */
  async spin(page, { url, call, bob, carol }) {
    const body = {
      gameType: "spin-wheel",
      access: "private",
      betAmount: BET,
      selectedNumbers: [1, 2, 3],
    };
    const { gameCode } = await expect(
      201,
      call("POST", "/api/game/private/create", { token: carol.token, body }),
    );
    await signIn(page, bob.token);
    await page.goto(`${url}/play/instant/spin-wheel/${gameCode}`);
    for (const number of [4, 5, 6]) {
      await page.locator(".number-grid .wheel-number", { hasText: String(number) }).click();
      await page.locator(".wheel-number-chosen", { hasText: String(number) }).waitFor();
    }
    await page.getByRole("button", { name: "Lock Number" }).click();
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page.getByTestId("wheel-canvas").waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2_000);
  },
  /** Carol opens a private coin flip and Bob joins it: the page of whichever of them won. */
  async win(page, { url, call, bob, carol }, browser) {
    const code = await openRound(call, carol);
    const carolsPage = await browser.newPage({
      viewport: page.viewportSize()!,
      isMobile: page.viewportSize()!.width < 600,
    });
    await signIn(carolsPage, carol.token);
    await carolsPage.goto(`${url}/play/instant/coin-flip/${code}`);
    await signIn(page, bob.token);
    await page.goto(`${url}/play/instant/coin-flip/${code}`);
    await page.getByRole("button", { name: "Join", exact: true }).click();
    for (const each of [page, carolsPage]) {
      await each
        .getByRole("alertdialog", { name: /You won!|You lost/ })
        .waitFor({ timeout: 40_000 });
    }
    const bobWon = await page.getByRole("alertdialog", { name: "You won!" }).count();
    return bobWon ? page : carolsPage;
  },
  async "my-tickets"(page, { url, bob }) {
    await signIn(page, bob.token);
    await page.goto(`${url}/dashboard/lottery-tickets`);
    await page.getByText(SCREENSHOT_LOTTERY).first().waitFor();
  },
  async history(page, { url, bob }) {
    await signIn(page, bob.token);
    await page.goto(`${url}/dashboard/profile`);
    await page.getByRole("tab", { name: "Game History" }).click();
    await page.locator(".game-history").waitFor();
    await page.waitForLoadState("networkidle");
  },
  async deposit(page, { url, bob }) {
    await signIn(page, bob.token);
    await page.goto(`${url}/`);
    await page.locator(".site-header").getByRole("button", { name: "Deposit" }).click();
    await page.getByRole("dialog", { name: "Deposit" }).getByText("CBE").first().waitFor();
  },
  async dashboard(page, { url, root }) {
    await signIn(page, root);
    await page.goto(`${url}/admin/dashboard`);
    await page.getByText("House revenue").first().waitFor();
    await page.waitForLoadState("networkidle");
  },
  async "admin-requests"(page, { url, root }) {
    await signIn(page, root);
    await page.goto(`${url}/admin/dashboard/deposits`);
    await page.getByRole("button", { name: "Approve", exact: true }).first().waitFor();
  },
};

/** Signed in as by /process/{token}: the token in local storage before the first page loads. */
const signIn = (page: Page, token: string) => signInContext(page.context(), token);

/**
 * Through the API, as the players and the superAdmin would: a deposit bank, three players funded
 * by approved bank deposits, a coin flip table with Alice's round waiting on it, and a fourth
 * player's deposit left pending for the back office.
 */
async function setScene(url: string): Promise<Scene> {
  const call = httpCaller(url);
  const root = await signInSuperAdmin(url, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const logo = { field: "bankLogo", bytes: await pngImage("#6a1b9a") };
  await expect(
    201,
    call("POST", "/api/banks/create", {
      token: root,
      body: form({ bankName: "CBE", accountNumber: "1000123456789" }, logo),
    }),
  );
  const [alice, bob, carol, dawit] = (await Promise.all(
    ["Alice Tadesse", "Bob Girma", "Carol Haile", "Dawit Alemayehu"].map(async (name) => ({
      token: (await signUpPlayer({ call }, name)).token,
      name,
    })),
  )) as [Player, Player, Player, Player];
  for (const player of [alice, bob, carol])
    await expect(
      200,
      call("POST", `/api/admin/deposit/approve/${await deposit(call, player, 500)}`, {
        token: root,
        body: {},
      }),
    );
  await deposit(call, dawit, 320);
  const table = (
    await expect(
      201,
      call("POST", "/api/games/create", {
        token: root,
        body: { type: "coin-flip", betAmount: BET },
      }),
    )
  ).id as number;
  const openCode = await openRound(call, alice, table);
  await drawnLottery(call, root, [bob, bob, carol]);
  return { url, call, root, openCode, alice, bob, carol };
}

const SCREENSHOT_LOTTERY = "Meskel Lottery";

/** A lottery whose buyers bought a ticket each, then drawn: My Tickets has winners and losers. */
async function drawnLottery(call: Call, root: string, buyers: Player[]) {
  const banner = { field: "bannerImage", bytes: await pngImage("#1e88e5", 320, 160) };
  const fields = {
    type: "lottery",
    betAmount: 10,
    title: SCREENSHOT_LOTTERY,
    winAmount: 1000,
    outDate: new Date(Date.now() + 3_600_000).toISOString(),
    prizes: "200, Phone",
  };
  const lottery = await expect(
    201,
    call("POST", "/api/games/lottery/create", { token: root, body: form(fields, banner) }),
  );
  for (const buyer of buyers) {
    const body = { code: lottery.code };
    await expect(201, call("POST", "/api/game/lottery/buy/ticket", { token: buyer.token, body }));
  }
  await expect(
    200,
    call("POST", "/api/games/lottery/finish", { token: root, body: { code: lottery.code } }),
  );
}

/** A bank deposit request with its screenshot; returns its id. */
async function deposit(call: Call, player: Player, amount: number): Promise<string> {
  const proof = { field: "screenshot", bytes: await pngImage("#e53935", 90, 160) };
  await expect(
    201,
    call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body: form(
        { method: "CBE", amount, accountNumber: "55667788", transactionId: "FT261122ABC" },
        proof,
      ),
    }),
  );
  const listed = await call("GET", "/api/transactions/deposit", { token: player.token });
  return listed.body.transactions[0].id;
}

/** The player opens a round, Heads locked: on the table, or private at BET; returns its code. */
async function openRound(call: Call, player: Player, table?: number): Promise<string> {
  const [route, where] = table
    ? ["/api/game/coin-flip/create", { instantId: table }]
    : ["/api/game/private/create", { gameType: "coin-flip", access: "private", betAmount: BET }];
  const body = { ...where, selectedSide: "H" };
  const created = await expect(201, call("POST", route, { token: player.token, body }));
  return created.gameCode as string;
}

/** The answer's body, when its status is the one expected. */
async function expect(status: number, answer: ReturnType<Call>) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

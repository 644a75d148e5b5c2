import type { LotteryView } from "@igp/shared";
import { ETHIOPIC, RAW_TEXT } from "@igp/test-support/player-text.ts";
import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../components/rounds/game-texts.ts";
import { LobbyPage } from "../components/rounds/lobby-page.tsx";
import {
  ChangePasswordScreen,
  CreateAdminDialog,
} from "../features/admin/screens/accounts-screens.tsx";
import { RequestChargeScreen } from "../features/admin/screens/agent-money-screens.tsx";
import { CatalogScreen } from "../features/admin/screens/catalog-screens.tsx";
import { GamesScreen } from "../features/admin/screens/games-screen.tsx";
import { DepositRequestsScreen } from "../features/admin/screens/requests-screens.tsx";
import { ResetDialog } from "../features/admin/screens/reset-passwords-screen.tsx";
import { SettingsScreen } from "../features/admin/screens/settings-screen.tsx";
import { ChangePasswordForm } from "../features/auth/change-password-form.tsx";
import { LoginPage } from "../features/auth/login-page.tsx";
import { RegisterPage } from "../features/auth/register-page.tsx";
import { ResetPage } from "../features/auth/reset-page.tsx";
import { CreatePrivatePage as PrivateCoinFlip } from "../features/coin-flip/create-private-page.tsx";
import { LotteryActions } from "../features/lottery/lottery-admin.tsx";
import { LotteryListPage } from "../features/lottery/lottery-list-page.tsx";
import { ProfilePage } from "../features/profile/profile-page.tsx";
import { CreatePrivatePage as PrivateSpinWheel } from "../features/spin-wheel/create-private-page.tsx";
import { DepositDialog } from "../features/wallet/deposit-dialog.tsx";
import { WithdrawForm } from "../features/wallet/withdraw-form.tsx";
import i18n, { switchLanguage } from "../lib/i18n.ts";
import { queryClient } from "../lib/queries.ts";
import { Providers } from "./providers.tsx";

/*
 * Every form of both apps, in English and in Amharic, sent empty and then with wrong-type or
 * out-of-range values in every field: whatever it says must be a sentence in the reader's
 * language (Ethiopic script under Amharic), never zod's or JavaScript's words. The server is a
 * stub that answers the lists a form needs and refuses every write, so a value the form lets
 * through shows the server's refusal instead.
 */

type Role = "user" | "admin" | "superAdmin";
let role: Role = "user";
let banksOffered = true;
const writes: string[] = [];

const lottery: LotteryView = {
  id: 1,
  type: "lottery",
  code: "ABCDEFGH",
  title: "Big Draw",
  image: "/image/banner.png",
  betAmount: 25,
  winAmount: 5000,
  outDate: "2099-01-01T00:00:00.000Z",
  prizes: "500",
  prizeList: [{ place: 1, label: "5000", amount: 5000 }],
  status: "open",
  ticketsSold: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  commitment: "c".repeat(64),
  serverSeed: null,
  winners: [],
  lotterySpecific: [],
};
const group = { gameWaitingTime: 5, winPercentCut: 10 };
const page = { status: "ok", currentPage: 1, totalPages: 1 };

/** What the stub server answers to a read. */
function read(url: string): unknown {
  if (url === "/api/login/user")
    return {
      userId: "u1",
      fullName: "Abebe",
      userName: null,
      role,
      mainBalance: 100,
      bonusBalance: 20,
    };
  if (url.startsWith("/api/banks/get/active"))
    return {
      status: "ok",
      banks: !banksOffered
        ? []
        : [
            {
              id: "b1",
              bankName: "CBE",
              accountNumber: "1000",
              bankLogo: "l.png",
              type: "deposit",
            },
            {
              id: "b2",
              bankName: "Telebirr",
              accountNumber: "",
              bankLogo: "t.png",
              type: "withdraw",
            },
          ],
    };
  if (url === "/api/settings")
    return {
      status: "ok",
      settings: {
        spinWheel: group,
        coinFlip: group,
        subAdminWithdraw: group,
        subAdminCredit: group,
      },
    };
  if (url === "/api/game/lottery/list") return [lottery];
  // The approval's first step reads the request's fraud signals: none here.
  if (url.startsWith("/api/admin/deposit/signals/")) return { signals: [] };
  if (url.startsWith("/api/admin/deposit/requests"))
    return {
      ...page,
      transactions: [
        {
          id: "d1",
          amount: 60,
          method: "Agent Deposit",
          accountNumber: null,
          transactionId: null,
          gameCode: "••••K7",
          status: "pending",
          createdAt: "2026-01-01T00:00:00.000Z",
          user: { fullName: "Abebe" },
        },
      ],
    };
  return {
    ...page,
    banks: [],
    socials: [],
    games: [],
    transactions: [],
    players: [],
    admins: [],
    sessions: [],
  };
}

beforeEach(() => {
  writes.length = 0;
  banksOffered = true;
  markSignedIn();
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if ((init?.method ?? "GET") === "GET") return Response.json(read(url));
    writes.push(url);
    return Response.json({ message: "Something went wrong. Please try again." }, { status: 400 });
  });
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  markSignedIn(false);
  await switchLanguage("en");
});

interface FormCase {
  name: string;
  role?: Role;
  screen(): ReactNode;
  /** What to press to open the form (by the words of the current language). */
  open?(): Promise<void>;
  /** The form walked, when the screen holds more than one. */
  form?(forms: HTMLFormElement[]): HTMLFormElement;
}

const t = (key: string) => i18n.t(key);
async function press(name: string, role: "button" | "tab" = "button") {
  fireEvent.click((await screen.findAllByRole(role, { name }))[0]!);
}

const CASES: FormCase[] = [
  { name: "sign-in", screen: () => <LoginPage /> },
  { name: "registration", screen: () => <RegisterPage /> },
  { name: "password reset request", screen: () => <ResetPage /> },
  {
    name: "profile details",
    screen: () => <ProfilePage />,
    async open() {
      await press(t("profile.tabs.user"), "tab");
      await screen.findByLabelText(t("profile.username"));
    },
    form: (forms) => forms[0]!,
  },
  { name: "change password (player)", screen: () => <ChangePasswordForm variant="player" /> },
  { name: "deposit dialog", screen: () => <DepositDialog onClose={() => {}} /> },
  {
    name: "deposit dialog, from an agent",
    screen: () => <DepositDialog onClose={() => {}} />,
    open: () => press(t("wallet.fromAgent"), "tab"),
  },
  { name: "withdraw form", screen: () => <WithdrawForm /> },
  { name: "private coin flip", screen: () => <PrivateCoinFlip /> },
  { name: "private spin wheel", screen: () => <PrivateSpinWheel /> },
  {
    name: "join by code",
    screen: () => (
      <LobbyPage game="coin-flip" title="Lobby" listing={{ kind: "live", rounds: [] }} />
    ),
  },
  {
    name: "lottery purchase",
    screen: () => <LotteryListPage />,
    async open() {
      await press(t("lottery.buyTicket"));
      await press(t("lottery.confirm"));
    },
  },
  {
    name: "create admin",
    role: "superAdmin",
    screen: () => <CreateAdminDialog onClose={() => {}} />,
  },
  {
    name: "reset a player's password",
    role: "superAdmin",
    screen: () => (
      <ResetDialog
        request={{
          id: "r1",
          userId: "u1",
          fullName: "Abebe",
          phone: null,
          email: null,
          status: "pending",
        }}
        onClose={() => {}}
      />
    ),
  },
  { name: "settings", role: "superAdmin", screen: () => <SettingsScreen /> },
  ...(["bank", "method", "social"] as const).map((kind) => ({
    name: `create ${kind}`,
    role: "superAdmin" as const,
    screen: () => <CatalogScreen kind={kind} />,
    open: () => press(t(`admin.catalog.create.${kind}`)),
  })),
  {
    name: "create a table",
    role: "superAdmin",
    screen: () => <GamesScreen />,
    open: () => press(t("admin.games.create")),
  },
  {
    name: "create a lottery",
    role: "superAdmin",
    screen: () => <GamesScreen />,
    async open() {
      await press(t("admin.games.create"));
      fireEvent.change(await screen.findByRole("combobox"), { target: { value: "lottery" } });
    },
  },
  {
    name: "change a lottery's end date",
    role: "superAdmin",
    screen: () => <LotteryActions code="ABCDEFGH" status="open" onChanged={() => {}} />,
    open: () => press(t("lottery.changeEndDate")),
  },
  {
    name: "approve an agent deposit with its code",
    role: "superAdmin",
    screen: () => <DepositRequestsScreen />,
    open: () => press(t("admin.approve")),
  },
  { name: "request charge", role: "admin", screen: () => <RequestChargeScreen /> },
  { name: "change password (back office)", role: "admin", screen: () => <ChangePasswordScreen /> },
];

/** Wrong for a number, blank for a text, negative, too precise, too large. */
const WRONG_VALUES = ["abc", "   ", "-1", "0.001", "1e400"];

/** Every message the screen shows: at fields, above buttons, in notices. */
const shownMessages = () =>
  [
    ...document.querySelectorAll(
      ".field-error, .form-failure, [role=alert], .text-danger, .notice h2, .notice p:not(.game-code)",
    ),
  ]
    .map((element) => element.textContent?.trim() ?? "")
    .filter(Boolean);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function walkedForm(kase: FormCase): HTMLFormElement {
  const forms = [...document.querySelectorAll("form")].filter(
    (form) => !form.classList.contains("table-search"),
  );
  return kase.form ? kase.form(forms) : forms.at(-1)!;
}

/** Sends the form as it is; what it says then. */
async function send(form: HTMLFormElement) {
  fireEvent.submit(form);
  await settle();
  return shownMessages();
}

function fill(form: HTMLFormElement, value: string) {
  for (const input of form.querySelectorAll<HTMLInputElement>(
    "input:not([type=file]):not([type=checkbox]):not([type=radio]):not([type=hidden])",
  ))
    fireEvent.change(input, { target: { value } });
}

function expectReadable(messages: string[], language: string, what: string) {
  for (const message of messages) {
    expect(message, what).not.toMatch(RAW_TEXT);
    if (language === "am") expect(message, `${what}: in Amharic`).toMatch(ETHIOPIC);
  }
}

describe.each(["en", "am"])("every form in %s", (language) => {
  it.each(CASES.map((kase) => [kase.name, kase] as const))(
    "%s: says what is wrong in words a player reads",
    async (_, kase) => {
      role = kase.role ?? "user";
      await switchLanguage(language as "en" | "am");
      render(
        <MemoryRouter>
          <Providers>
            <Routes>
              <Route element={<Outlet context={{ openDeposit() {} }} />}>
                <Route path="*" element={kase.screen()} />
              </Route>
            </Routes>
          </Providers>
        </MemoryRouter>,
      );
      await settle();
      await kase.open?.();
      await settle();

      if (kase.name === "lottery purchase") {
        // No fields: the purchase itself is refused, and the notice says why.
        await screen.findByRole("alertdialog");
        const shown = shownMessages();
        expect(shown.length).toBeGreaterThan(0);
        return expectReadable(shown, language, kase.name);
      }
      const empty = await send(walkedForm(kase));
      expect(empty.length, `${kase.name} sent empty says nothing`).toBeGreaterThan(0);
      expectReadable(empty, language, `${kase.name}, empty`);
      for (const value of WRONG_VALUES) {
        fill(walkedForm(kase), value);
        expectReadable(await send(walkedForm(kase)), language, `${kase.name}, "${value}"`);
      }
      expect(document.body.textContent).not.toMatch(RAW_TEXT);
    },
  );
});

describe("rules the forms share with the server", () => {
  const renderScreen = (node: ReactNode) =>
    render(
      <MemoryRouter>
        <Providers>{node}</Providers>
      </MemoryRouter>,
    );

  it("refuses a private game's bet under 1 ETB at the bet, as the server would, sending nothing", async () => {
    renderScreen(<PrivateCoinFlip />);
    const bet = await screen.findByLabelText("Bet Amount");
    fireEvent.change(bet, { target: { value: "0.5" } });
    fireEvent.click(screen.getByRole("button", { name: /Heads/ }));
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    const message = await screen.findByText("Please enter a valid bet amount.");
    expect(bet.getAttribute("aria-describedby")).toBe(message.id);
    expect(writes).toEqual([]);
  });

  it("says so when no deposit bank is chosen (none offered yet), sending nothing", async () => {
    banksOffered = false;
    renderScreen(<DepositDialog onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText("Amount (ETB)"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Deposit" }));
    expect(await screen.findByText("Please choose a deposit method.")).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it("says 'Please fill all the lottery fields!' once, and marks each empty field", async () => {
    role = "superAdmin";
    renderScreen(<GamesScreen />);
    await press("Create Instant Game");
    fireEvent.change(await screen.findByRole("combobox"), { target: { value: "lottery" } });
    fireEvent.change(screen.getByLabelText("Ticket price"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Win amount"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findAllByText("Please fill all the lottery fields!")).toHaveLength(1);
    // Title, out date, prizes and banner.
    expect(screen.getAllByText("This field is required.")).toHaveLength(4);
    expect(screen.queryByText("Game Creation Failed")).toBeNull();
    expect(writes).toEqual([]);
  });
});

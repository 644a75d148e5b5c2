import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { queryClient } from "../../lib/queries.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { DepositRequestsScreen } from "./screens/requests-screens.tsx";
import { ResetPasswordsScreen } from "./screens/reset-passwords-screen.tsx";

// The lists' rows as the API sends them (no server here).
const page = { status: "ok", currentPage: 1, totalPages: 1 };
const answers: Record<string, unknown> = {
  "/api/admin/deposit/requests": {
    ...page,
    transactions: [
      {
        id: "d1",
        amount: 60,
        method: "CBE",
        accountNumber: "1000",
        transactionId: "FT123",
        screenShot: null,
        gameCode: null,
        status: "pending",
        createdAt: "2026-03-05T09:30:00.000Z",
        user: { fullName: "Abebe Kebede" },
      },
    ],
  },
  "/api/auth/user/reset/password/requests": {
    ...page,
    players: [
      {
        id: "r1",
        userId: "9f1c2b3a-0000-4000-8000-000000000001",
        fullName: "Meron Alemu",
        phone: "+251911223344",
        email: null,
        status: "pending",
      },
    ],
  },
};
beforeEach(() => {
  vi.stubGlobal("fetch", async (url: string) =>
    Response.json(answers[url.split("?")[0]!] ?? { ...page, transactions: [] }),
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const show = (node: ReactNode) =>
  render(
    <MemoryRouter>
      <SessionProvider>
        <NoticeProvider>{node}</NoticeProvider>
      </SessionProvider>
    </MemoryRouter>,
  );

/** The cell of `row` under the column headed `header`. */
function cellUnder(header: string, row: HTMLElement) {
  const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
  return within(row).getAllByRole("cell")[headers.indexOf(header)]!;
}

describe("back-office lists", () => {
  it("date each deposit request", async () => {
    show(<DepositRequestsScreen />);
    const row = (await screen.findByRole("cell", { name: "Abebe Kebede" })).closest("tr")!;
    expect(cellUnder("Date", row).textContent).toBe(
      new Date("2026-03-05T09:30:00.000Z").toLocaleString("en"),
    );
  });

  it("give each password reset its player's id, as the Players screen shows it", async () => {
    show(<ResetPasswordsScreen />);
    const row = (await screen.findByRole("cell", { name: "Meron Alemu" })).closest("tr")!;
    expect(cellUnder("ID", row).textContent).toBe("9f1c2b3a");
  });
});

import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { LoginPage } from "./login-page.tsx";
import { SignOutEverywhereButton } from "./sign-out-everywhere.tsx";

const calls: { url: string; method: string }[] = [];
let failedSignInAttempts = 3;
const session = {
  userId: "u1",
  fullName: "Abebe",
  userName: null,
  role: "user",
  mainBalance: 0,
  bonusBalance: 0,
};
beforeEach(() => {
  calls.length = 0;
  failedSignInAttempts = 3;
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? "GET" });
    if (url === "/api/auth/user/login")
      return Response.json({ ...session, token: "t1", failedSignInAttempts });
    if (url === "/api/auth/logout-all") return Response.json({ message: "Signed out." });
    if (url === "/api/login/user") return Response.json(session);
    return Promise.reject(new Error("offline"));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markSignedIn(false);
});

const wrapped = (node: React.ReactNode) =>
  render(
    <MemoryRouter>
      <NoticeProvider>
        <SessionProvider>{node}</SessionProvider>
      </NoticeProvider>
    </MemoryRouter>,
  );

const signIn = () => {
  wrapped(<LoginPage />);
  fireEvent.change(screen.getByLabelText("Phone or email"), { target: { value: "0911223344" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret12" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
};

describe("sessions in the client", () => {
  it("says the spec's 'Logged in successfully!' after signing in", async () => {
    failedSignInAttempts = 0;
    signIn();
    expect(
      await screen.findByRole("alertdialog", { name: "Logged in successfully!" }),
    ).toBeTruthy();
    expect(Object.values({ ...localStorage })).not.toContain("t1");
  });

  it("tells the owner of failed sign-in attempts after signing in", async () => {
    signIn();
    expect(
      await screen.findByText("3 failed sign-in attempts since your last sign-in."),
    ).toBeTruthy();
    expect(screen.getByRole("alertdialog", { name: "Logged in successfully!" })).toBeTruthy();
    expect(Object.values({ ...localStorage })).not.toContain("t1");
  });

  it("signs out everywhere, then this device", async () => {
    markSignedIn();
    wrapped(<SignOutEverywhereButton />);
    fireEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(calls).toContainEqual({ url: "/api/auth/logout", method: "POST" }));
    expect(calls).toContainEqual({ url: "/api/auth/logout-all", method: "POST" });
  });
});

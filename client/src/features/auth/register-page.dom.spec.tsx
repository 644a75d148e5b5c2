import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { RegisterPage } from "./register-page.tsx";

// No server in component tests: registration answers as the API does; the optional sign-in
// providers simply do not load.
const registered = {
  message: "Account created successfully!",
  token: "new-token",
  userId: "u1",
  fullName: "Almaz Ayana",
  userName: null,
  role: "user",
  mainBalance: 0,
  bonusBalance: 0,
};
beforeEach(() =>
  vi.stubGlobal("fetch", async (url: string) =>
    url === "/api/auth/user/register"
      ? Response.json(registered, { status: 201 })
      : Promise.reject(new Error("offline")),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markSignedIn(false);
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={["/auth/register"]}>
      <NoticeProvider>
        <SessionProvider>
          <Routes>
            <Route path="/auth/register" element={<RegisterPage />} />
            <Route path="/dashboard/profile" element={<p>Profile page</p>} />
          </Routes>
        </SessionProvider>
      </NoticeProvider>
    </MemoryRouter>,
  );
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) =>
    fireEvent.change(input(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Register" }));
  return { input, type, submit };
}

describe("registration form", () => {
  it("shows each required-field message of the spec", async () => {
    const { submit } = renderPage();
    submit();
    expect(await screen.findByText("Phone or Email is required.")).toBeTruthy();
    expect(screen.getByText("Full name is required.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
  });

  it("checks phone or e-mail, name length, password strength and confirmation", async () => {
    const { type, submit } = renderPage();
    type("Phone or email", "12345");
    type("Full name", "  ab ");
    type("Password", "abcdefg");
    type("Confirm password", "abcdefh");
    submit();
    expect(await screen.findByText("Enter a valid phone number or email.")).toBeTruthy();
    expect(screen.getByText("Full name must be at least 3 characters.")).toBeTruthy();
    expect(screen.getByText("Password must contain letters and numbers.")).toBeTruthy();
    type("Password", "abc1");
    submit();
    expect(await screen.findByText("Password must be at least 6 characters.")).toBeTruthy();
    type("Password", "abc123x");
    type("Confirm password", "abc124x");
    submit();
    expect(await screen.findByText("Passwords do not match.")).toBeTruthy();
  });

  it("signs the new player in and opens the profile", async () => {
    const { type, submit } = renderPage();
    type("Phone or email", "0911223344");
    type("Full name", "Almaz Ayana");
    type("Password", "secret12");
    type("Confirm password", "secret12");
    submit();
    // The age and the terms are asked before anything is sent.
    expect(
      await screen.findByText("Please confirm that you are at least the minimum age to play."),
    ).toBeTruthy();
    expect(screen.getByText("Please accept the terms and conditions.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("I am 18 or older"));
    fireEvent.click(screen.getByLabelText("I accept the terms and conditions"));
    submit();
    expect(await screen.findByText("Profile page")).toBeTruthy();
    expect(Object.values({ ...localStorage })).not.toContain("new-token");
    // Notices are a lazy chunk: the message shows once it has loaded.
    expect(await screen.findByText("Account created successfully!")).toBeTruthy();
  });

  it("clears a field's error when the field is edited", async () => {
    const { type, submit, input } = renderPage();
    submit();
    await screen.findByText("Full name is required.");
    expect(input("Full name").getAttribute("aria-invalid")).toBe("true");
    type("Full name", "Abebe");
    expect(screen.queryByText("Full name is required.")).toBeNull();
    expect(screen.getByText("Phone or Email is required.")).toBeTruthy();
  });
});

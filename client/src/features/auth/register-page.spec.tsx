import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../lib/i18n.ts";
import { RegisterPage } from "./register-page.tsx";

// No server in component tests: the optional sign-in providers simply do not load.
beforeEach(() => vi.stubGlobal("fetch", () => Promise.reject(new Error("offline"))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <MemoryRouter>
      <RegisterPage />
    </MemoryRouter>,
  );
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) =>
    fireEvent.change(input(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Register" }));
  return { input, type, submit };
}

describe("registration form", () => {
  it("shows each required-field message of the spec", () => {
    const { submit } = renderPage();
    submit();
    expect(screen.getByText("Phone or Email is required.")).toBeTruthy();
    expect(screen.getByText("Full name is required.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
  });

  it("checks phone or e-mail, name length, password strength and confirmation", () => {
    const { type, submit } = renderPage();
    type("Phone or email", "12345");
    type("Full name", "  ab ");
    type("Password", "abcdefg");
    type("Confirm password", "abcdefh");
    submit();
    expect(screen.getByText("Enter a valid phone number or email.")).toBeTruthy();
    expect(screen.getByText("Full name must be at least 3 characters.")).toBeTruthy();
    expect(screen.getByText("Password must contain letters and numbers.")).toBeTruthy();
    type("Password", "abc1");
    submit();
    expect(screen.getByText("Password must be at least 6 characters.")).toBeTruthy();
    type("Password", "abc123");
    type("Confirm password", "abc124");
    submit();
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
  });

  it("clears a field's error when the field is edited", () => {
    const { type, submit, input } = renderPage();
    submit();
    expect(input("Full name").getAttribute("aria-invalid")).toBe("true");
    type("Full name", "Abebe");
    expect(screen.queryByText("Full name is required.")).toBeNull();
    expect(screen.getByText("Phone or Email is required.")).toBeTruthy();
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { CreateAdminDialog } from "./screens/accounts-screens.tsx";
import { ResetDialog } from "./screens/reset-passwords-screen.tsx";
import { SettingsScreen } from "./screens/settings-screen.tsx";

// Component tests answer the few API calls themselves (no server here).
const calls: { url: string; body: unknown }[] = [];
const group = { gameWaitingTime: 5, winPercentCut: 10 };
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const settings = {
      spinWheel: group,
      coinFlip: group,
      subAdminWithdraw: group,
      subAdminCredit: group,
    };
    return new Response(JSON.stringify({ status: "ok", settings, message: "ok" }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withNotices = (node: ReactNode) => render(<NoticeProvider>{node}</NoticeProvider>);

describe("settings", () => {
  it("refuses a waiting time under 1 or a percent outside 0–100 at the field, sending nothing", async () => {
    withNotices(<SettingsScreen />);
    const waits = await screen.findAllByLabelText("Waiting time (minutes)");
    fireEvent.change(waits[1]!, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const problem = "All values must be valid numbers and within proper range.";
    await waitFor(() => expect(waits[1]!.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(problem)).toHaveLength(1);
    fireEvent.change(waits[1]!, { target: { value: "3" } });
    fireEvent.change(screen.getAllByLabelText("Win cut (%)")[0]!, { target: { value: "101" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(screen.getAllByLabelText("Win cut (%)")[0]!.getAttribute("aria-invalid")).toBe("true"),
    );
    expect(waits[1]!.getAttribute("aria-invalid")).toBe("false");
    expect(calls.filter((call) => call.body)).toEqual([]);
  });

  it("sends all four groups as numbers when valid", async () => {
    withNotices(<SettingsScreen />);
    const cuts = await screen.findAllByLabelText("Win cut (%)");
    fireEvent.change(cuts[1]!, { target: { value: "12.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.body)).toBe(true));
    expect(calls.find((call) => call.body)?.body).toMatchObject({
      coinFlip: { gameWaitingTime: 5, winPercentCut: 12.5 },
    });
  });
});

describe("reset user password", () => {
  const request = {
    id: "r1",
    userId: "u1",
    fullName: "Abebe",
    phone: "0911",
    email: null,
    status: "pending" as const,
  };
  const fill = (password: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirm } });
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
  };

  it("needs both fields, matching, at least 6 characters", async () => {
    render(<ResetDialog request={request} onClose={() => {}} />);
    // The dialog shows once its code has loaded (components/ui/modal.tsx).
    await screen.findByLabelText("New password");
    fill("", "");
    expect(await screen.findAllByText("Please fill in both fields.")).toHaveLength(2);
    fill("abcdef1", "abcdeg1");
    expect(await screen.findByText("Passwords do not match.")).toBeTruthy();
    fill("abc", "abc");
    expect(await screen.findByText("Password must be at least 6 characters long.")).toBeTruthy();
    // The one password policy: letters and digits, length without surrounding spaces.
    fill("111111", "111111");
    expect(await screen.findByText("Password must contain letters and numbers.")).toBeTruthy();
    fill("  ab1  ", "  ab1  ");
    expect(await screen.findByText("Password must be at least 6 characters long.")).toBeTruthy();
    expect(calls).toEqual([]);
    fill("fresh-pass1", "fresh-pass1");
    expect(await screen.findByText("Password changed successfully!")).toBeTruthy();
    expect(calls[0]).toEqual({
      url: "/api/admin/users/reset-password/u1",
      body: { newPassword: "fresh-pass1" },
    });
  });
});

describe("create admin", () => {
  it("holds the agent's password to the staff rule at its field before sending", async () => {
    withNotices(<CreateAdminDialog onClose={() => {}} />);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText("Full name");
    type("Full name", "Agent Abebe");
    type("Email", "agent@example.com");
    type("Password", "aaaaaa");
    type("Confirm password", "aaaaab");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Staff passwords must be at least 10 characters.")).toBeTruthy();
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
    type("Confirm password", "");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Please confirm the password before creating.")).toBeTruthy();
    expect(calls).toEqual([]);
    type("Password", "float-keeper-7");
    type("Confirm password", "float-keeper-7");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          url: "/api/admin/accounts/create",
          body: { fullName: "Agent Abebe", email: "agent@example.com", password: "float-keeper-7" },
        },
      ]),
    );
  });
});

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import { tokenStore } from "../../lib/api-client.ts";
import "../../lib/i18n.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";

const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ message: "Password changed.", token: "fresh-token" }), {
      status: 200,
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
}

describe("password change", () => {
  it("asks for every field, a matching confirmation and 6 characters (player wording)", async () => {
    render(
      <NoticeProvider>
        <ChangePasswordForm variant="player" />
      </NoticeProvider>,
    );
    fill("", "", "");
    expect(await screen.findByText("Please fill all fields.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    fill("old-pass1", "abcdef", "abcdeg");
    expect(await screen.findByText("New passwords do not match.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    fill("old-pass1", "abc", "abc");
    expect(
      await screen.findByText(/Password length should not\s+less than 6 \(six\) digits/),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    fill("old-pass1", "new-pass1", "new-pass1");
    expect(await screen.findByText("Password changed.")).toBeTruthy();
    expect(sent).toEqual([{ currentPassword: "old-pass1", newPassword: "new-pass1" }]);
    // Older tokens ended with the change: this device keeps the one the answer carries.
    expect(tokenStore.get()).toBe("fresh-token");
  });

  it("uses the admin spec's mismatch wording in the back office", async () => {
    render(
      <NoticeProvider>
        <ChangePasswordForm variant="admin" />
      </NoticeProvider>,
    );
    fill("old-pass1", "abcdef", "abcdeg");
    // Notices are a lazy chunk: they show once it has loaded.
    expect(await screen.findByText("Password Mismatch")).toBeTruthy();
    expect(screen.getByText("New password and confirm password do not match.")).toBeTruthy();
  });
});

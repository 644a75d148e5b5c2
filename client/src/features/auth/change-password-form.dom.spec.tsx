import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
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
  it("asks for every field, a matching confirmation and 6 characters, at the fields (player wording)", async () => {
    render(
      <NoticeProvider>
        <ChangePasswordForm variant="player" />
      </NoticeProvider>,
    );
    fill("", "", "");
    expect(await screen.findAllByText("Please fill all fields.")).toHaveLength(3);
    fill("old-pass1", "abcdef1", "abcdeg1");
    expect(await screen.findByText("New passwords do not match.")).toBeTruthy();
    fill("old-pass1", "abc", "abc");
    expect(
      await screen.findByText(/Password length should not\s+less than 6 \(six\) digits/),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fill("old-pass1", "new-pass1", "new-pass1");
    expect(await screen.findByText("Password changed.")).toBeTruthy();
    expect(sent).toEqual([{ currentPassword: "old-pass1", newPassword: "new-pass1" }]);
    // Older sessions ended with the change: this device's new one is in the server's cookie.
    expect(Object.values({ ...localStorage })).not.toContain("fresh-token");
  });

  it("uses the admin spec's mismatch wording in the back office", async () => {
    render(
      <NoticeProvider>
        <ChangePasswordForm variant="admin" />
      </NoticeProvider>,
    );
    fill("old-pass1", "abcdef1", "abcdeg1");
    expect(await screen.findByText("New password and confirm password do not match.")).toBeTruthy();
  });

  it("shows a wrong current password at its field", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { message: "The current password is incorrect.", field: "currentPassword" },
        { status: 400 },
      ),
    );
    render(
      <NoticeProvider>
        <ChangePasswordForm variant="player" />
      </NoticeProvider>,
    );
    fill("wrong-pass1", "new-pass1", "new-pass1");
    const message = await screen.findByText("The current password is incorrect.");
    expect(message.id).toBe(
      screen.getByLabelText("Current password").getAttribute("aria-describedby"),
    );
  });
});

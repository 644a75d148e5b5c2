import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../lib/i18n.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

afterEach(cleanup);

describe("a confirmation", () => {
  it("opens with Cancel focused, so that Enter approves, pays or deletes nothing", async () => {
    const confirm = vi.fn();
    render(
      <ConfirmDialog
        question="Approve ETB 60.00 for Abebe?"
        confirm="Approve"
        onConfirm={confirm}
        onCancel={() => {}}
      />,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" })),
    );
    expect(confirm).not.toHaveBeenCalled();
  });
});

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { LoginPage } from "./login-page.tsx";

const staff = {
  token: "t1",
  userId: "s1",
  fullName: "Root",
  userName: null,
  role: "superAdmin",
  mainBalance: 0,
  bonusBalance: 0,
};
const sent: Record<string, unknown>[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url !== "/api/auth/user/login") return Promise.reject(new Error("offline"));
    const body = JSON.parse(String(init!.body));
    sent.push(body);
    if (!body.code)
      return Response.json({
        secondFactor: "enrol",
        message:
          "Two-factor sign-in is required: scan the QR code with an authenticator app, then enter the 6-digit code it shows.",
        enrolment: {
          secret: "JBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/x",
          qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
        },
      });
    return Response.json({ ...staff, recoveryCodes: ["AAAAA-BBBBB", "CCCCC-DDDDD"] });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("two-factor sign-in", () => {
  it("shows the authenticator to set up, sends the code with the form, then the recovery codes once", async () => {
    render(
      <MemoryRouter>
        <NoticeProvider>
          <SessionProvider>
            <LoginPage />
          </SessionProvider>
        </NoticeProvider>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText("Phone or email"), {
      target: { value: "root@example.com" },
    });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "root-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const qr = await screen.findByRole("img", {
      name: "QR code to scan with your authenticator app",
    });
    expect(qr.getAttribute("src")).toBe("data:image/svg+xml;base64,PHN2Zy8+");
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    expect(sent).toEqual([{ phone: "root@example.com", password: "root-password-1" }]);

    fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const codes = await screen.findByRole("list", { name: "Your recovery codes" });
    expect(codes.textContent).toContain("AAAAA-BBBBB");
    expect(sent[1]).toEqual({
      phone: "root@example.com",
      password: "root-password-1",
      code: "123456",
    });
    expect(screen.getByRole("button", { name: "I have kept them" })).toBeTruthy();
  });
});

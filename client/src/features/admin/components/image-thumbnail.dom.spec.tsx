import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../lib/i18n.ts";
import { queryClient, queryKeys } from "../../../lib/queries.ts";
import { ImageThumbnail, linkExpiry } from "./image-thumbnail.tsx";

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const DEPOSITS = queryKeys.adminTable("/api/admin/deposit/requests");
const link = (expiresInSeconds: number) =>
  `/image/proof.webp?expires=${Math.floor(Date.now() / 1000) + expiresInSeconds}&signature=abc`;

describe("a proof's signed link", () => {
  it("is read for its expiry; a logo's address has none", () => {
    expect(linkExpiry("/image/p.webp?expires=1700000000&signature=x")).toBe(1_700_000_000_000);
    expect(linkExpiry("/image/logo.webp")).toBeNull();
  });

  it("is signed again (its list read again) when opened after it expired", () => {
    queryClient.setQueryData(DEPOSITS, { transactions: [] });
    render(<ImageThumbnail src={link(-5)} label="Screenshot" />);
    fireEvent.click(screen.getByRole("button"));
    expect(queryClient.getQueryState(DEPOSITS)?.isInvalidated).toBe(true);
  });

  it("is left alone while it lasts, and when it fails to load unexpired", () => {
    queryClient.setQueryData(DEPOSITS, { transactions: [] });
    const { container } = render(<ImageThumbnail src={link(600)} label="Screenshot" />);
    fireEvent.click(screen.getByRole("button"));
    fireEvent.error(container.querySelector("img")!);
    expect(queryClient.getQueryState(DEPOSITS)?.isInvalidated).toBe(false);
  });

  it("is signed again when it fails to load expired", () => {
    queryClient.setQueryData(DEPOSITS, { transactions: [] });
    const { container } = render(<ImageThumbnail src={link(-1)} label="Screenshot" />);
    fireEvent.error(container.querySelector("img")!);
    expect(queryClient.getQueryState(DEPOSITS)?.isInvalidated).toBe(true);
  });
});

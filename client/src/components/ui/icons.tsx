import type { ReactNode } from "react";
import "./icons.css";

/**
 * Drawn icons for what were symbols of text (☰, ❚❚, ▶, ←, ✓, ✕, ℹ). No font the page names
 * has those symbols, so each sent the browser looking through the device's fonts for one as it
 * first laid out the page: about 35 ms each on a slow phone, before the first paint
 * (docs/first-load.md). An SVG in the page is drawn with it, in the text's colour and size.
 */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Three bars: opens a menu. */
export function MenuIcon() {
  return (
    <Icon>
      <path d="M2 3.5h12M2 8h12M2 12.5h12" stroke="currentColor" strokeWidth="1.6" />
    </Icon>
  );
}

/** Two bars: pauses. */
export function PauseIcon() {
  return (
    <Icon>
      <path d="M4 2.5h2.5v11H4zM9.5 2.5H12v11H9.5z" fill="currentColor" />
    </Icon>
  );
}

/** A triangle: plays. */
export function PlayIcon() {
  return (
    <Icon>
      <path d="M4.5 2.5v11L13 8z" fill="currentColor" />
    </Icon>
  );
}

/** An arrow to the left: back. */
export function BackIcon() {
  return (
    <Icon>
      <path d="M13.5 8H3M7 3.5 2.5 8 7 12.5" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </Icon>
  );
}

/** A tick: done, won. */
export function CheckIcon() {
  return (
    <Icon>
      <path d="M2.5 8.5 6.5 12.5 13.5 4" stroke="currentColor" strokeWidth="2.2" fill="none" />
    </Icon>
  );
}

/** A cross: refused, failed. */
export function CrossIcon() {
  return (
    <Icon>
      <path d="M3.5 3.5 12.5 12.5M12.5 3.5 3.5 12.5" stroke="currentColor" strokeWidth="2.2" />
    </Icon>
  );
}

/** A dot over a bar: for information. */
export function InfoIcon() {
  return (
    <Icon>
      <circle cx="8" cy="3.5" r="1.6" fill="currentColor" />
      <path d="M8 7v7" stroke="currentColor" strokeWidth="2.4" />
    </Icon>
  );
}

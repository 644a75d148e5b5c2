import { useEffect, useState } from "react";

/** mm:ss until `deadline` (epoch ms), refreshed every second, stopping at 00:00. */
export function formatCountdown(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return `${mm}:${ss}`;
}

/**
 * What a round's countdown counts to: the draw once it is due (the start notice's `startsAt`),
 * else the deadline while the round is open; nothing once it is over (no 'Starts in --:--').
 */
export function countdownTo(status: string, deadline: number, startsAt = 0): number | undefined {
  if (status === "finished" || status === "expired") return undefined;
  return startsAt || deadline;
}

export function Countdown({ deadline, label }: { deadline: number; label?: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // A page the server rendered counted from its own clock a moment before this render: the time
  // left differs by the seconds between, and the next tick puts it right.
  return (
    <span className="countdown" role="timer" aria-label={label} suppressHydrationWarning>
      {formatCountdown(deadline, now)}
    </span>
  );
}

import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const two = (n: number) => String(n).padStart(2, "0");

/** A day or more: '2 d 4 h'; less: '04:12:33'; under an hour: '03:12'. */
export function formatTimeLeft(ms: number, t: TFunction): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  if (days > 0) return t("lotteryCard.daysHours", { days, hours });
  const clock = `${two(Math.floor((seconds % HOUR) / MINUTE))}:${two(seconds % MINUTE)}`;
  return hours > 0 ? `${two(hours)}:${clock}` : clock;
}

/** The time left until a lottery's out date, every second; then that its sales are closed. */
export function EndsIn({ outDate }: { outDate: string }) {
  const { t } = useTranslation();
  return (
    <TimeLeft
      end={Date.parse(outDate)}
      label={t("lotteryCard.endsIn")}
      over={t("lottery.status.closed")}
    />
  );
}

/** The time left until `end` (epoch ms), every second, as a timer named `label`; then `over`. */
export function TimeLeft({ end, label, over }: { end: number; label: string; over: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  const past = now >= end;
  useEffect(() => {
    if (past) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [past]);
  if (past) return <>{over}</>;
  // A page the server rendered counted from its clock a moment earlier: the next tick puts it right.
  return (
    <span className="countdown" role="timer" aria-label={label} suppressHydrationWarning>
      {formatTimeLeft(end - now, t)}
    </span>
  );
}

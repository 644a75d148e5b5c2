import { useEffect, useState } from "react";

/** A status line that clears itself after `ms` (the spec's 2 s and 3 s messages). */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, setMessage] as const;
}

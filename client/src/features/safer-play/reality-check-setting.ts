/** The reality check's interval the player picked, kept on this device (0: off). */
const KEY = "realityCheckMinutes";
export const REALITY_CHECK_CHOICES = [0, 15, 30, 60, 120] as const;

export function realityCheckMinutes(): number {
  const stored = Number(globalThis.localStorage?.getItem(KEY) ?? 0);
  return (REALITY_CHECK_CHOICES as readonly number[]).includes(stored) ? stored : 0;
}

export function setRealityCheckMinutes(minutes: number) {
  localStorage.setItem(KEY, String(minutes));
  window.dispatchEvent(new Event("igp:reality-check"));
}

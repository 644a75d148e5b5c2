/** The API calls that move money: a stake, a ticket, a deposit or a withdrawal being sent. */
const MONEY_CALL =
  /^\/api\/(game\/[\w-]+\/(create|join)|game\/private\/create|game\/lottery\/buy\/ticket|wallet\/(deposit|withdraw)\/request)\b/;

/**
 * Tells `onChange` whether any call that moves money is on its way, by watching the page's
 * requests (the Mini App's one observer, so that no screen has to say it). Returns the undo.
 */
export function watchMoneyInFlight(onChange: (inFlight: boolean) => void): () => void {
  const original = window.fetch;
  let pending = 0;
  const settle = () => {
    pending -= 1;
    if (pending === 0) onChange(false);
  };
  window.fetch = (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input), location.href)
      .pathname;
    const method = (
      init?.method ?? (input instanceof Request ? input.method : "GET")
    ).toUpperCase();
    if (method === "GET" || !MONEY_CALL.test(path)) return original(input, init);
    pending += 1;
    if (pending === 1) onChange(true);
    return original(input, init).finally(settle);
  };
  return () => {
    window.fetch = original;
  };
}

/**
 * Whether a browser's `Origin` names the host our pages are served from (`ourHost`: PUBLIC_URL's
 * host, or the request's Host). A proxy that passes the host without its port (nginx's `$host`)
 * is matched by name alone. `null` (a sandboxed frame) and anything unreadable are not ours.
 */
export function isOurOrigin(origin: string, ourHost: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (origin === "null") return false;
  return url.host === ourHost || (!ourHost.includes(":") && url.hostname === ourHost);
}

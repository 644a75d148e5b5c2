/**
 * An answer of the API other than 2xx: its status and the server's `{ message, field? }`
 * (`field`: the request field the message is about).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const TOKEN_KEY = "token";
/** Dispatched on `window` whenever the stored token changes: what was read for it is forgotten. */
export const TOKEN_CHANGED = "igp:token-changed";

/**
 * When a token expires (its JWT `exp`, in ms); a token this cannot read is left to the server.
 * A token known to be over is not sent: asking would only earn a 401, logged by the browser.
 */
function expiry(token: string): number {
  try {
    const payload = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(atob(payload)).exp * 1000 || Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export const tokenStore = {
  // No storage while the home page is prerendered at build time (src/prerender.tsx): signed out.
  get(): string | null {
    const token = typeof localStorage === "undefined" ? null : localStorage.getItem(TOKEN_KEY);
    return token && expiry(token) > Date.now() ? token : null;
  },
  set: (token: string) => {
    localStorage.setItem(TOKEN_KEY, token);
    window.dispatchEvent(new Event(TOKEN_CHANGED));
  },
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new Event(TOKEN_CHANGED));
  },
};

/**
 * Calls the API with the stored token; JSON in and out; FormData sent as multipart. `anonymous`:
 * without the token, for a public read the page has preloaded (`<link rel="preload" as="fetch">`
 * is reused only by a request without an authorization header).
 */
export async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; anonymous?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = options.anonymous ? null : tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(path, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const refusal = data as { message?: string; field?: string } | null;
    throw new ApiError(response.status, refusal?.message ?? response.statusText, refusal?.field);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

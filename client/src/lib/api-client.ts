import { signedInHintIn } from "@igp/shared/page-reads";

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

/** Dispatched on `window` whenever the session changes: what was read for it is forgotten. */
export const SESSION_CHANGED = "igp:session-changed";

/**
 * The session lives in an httpOnly cookie no script here can read (the server sets it at sign-in
 * and clears it at sign-out); beside it, `igp_signed_in` says only that there is one, so a page
 * asks who is signed in only then (asking without a session would only earn a 401, logged by the
 * browser). Nothing of the session is kept in web storage.
 */
export const browserSession = {
  // No cookies while the home page is prerendered at build time (src/prerender.tsx): signed out.
  exists: () => typeof document !== "undefined" && signedInHintIn(document.cookie) !== "",
  changed: () => window.dispatchEvent(new Event(SESSION_CHANGED)),
};

// A token kept by an earlier version of the app: no longer read, so not left lying around.
if (typeof localStorage !== "undefined") localStorage.removeItem("token");

/**
 * Calls the API on the session's cookie (same origin); JSON in and out; FormData sent as
 * multipart. `token`: a bearer token instead (a sign-in handed over by /process/{token});
 * `anonymous`: without the cookie (as nobody, whoever is signed in).
 */
export async function api<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    anonymous?: boolean;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
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
    credentials: options.anonymous ? "omit" : "same-origin",
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

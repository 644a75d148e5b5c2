/**
 * For the client's component tests: the readable cookie the server sets beside the httpOnly
 * session cookie, which tells the app a session exists (client/src/lib/api-client.ts). One place
 * writes `document.cookie` for every test.
 */
export function markSignedIn(signedIn = true) {
  const { document } = globalThis as unknown as { document: { cookie: string } };
  document.cookie = signedIn
    ? "igp_signed_in=1; path=/"
    : "igp_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}

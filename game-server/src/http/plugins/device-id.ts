import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { cookieOptions } from "../session-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** This browser's first-party device id (the igp_device cookie), set by `deviceId`. */
    deviceId: string | null;
  }
}

/** The cookie that names this browser for linked accounts (docs/linked-accounts.md). */
export const DEVICE_COOKIE = "igp_device";
/** Two years: as long as a browser keeps it; a browser that clears cookies is a new device. */
const DEVICE_COOKIE_SECONDS = 2 * 365 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const GIVEN_ON = /^\/api\/(auth|login)\//;

/**
 * A first-party device id, not a fingerprint: 128 random bits in a cookie of our own, HttpOnly
 * (no script reads it), SameSite=Lax, signed (nobody makes up an id to link themselves to
 * someone), given on the first sign-in or session request of a browser that has none. Sign-ins and sign-ups
 * record it with the account (linked-accounts/account-traces.ts). Clearing cookies gives a new
 * one: it proves nothing alone, it only links accounts used from one browser.
 */
export const deviceId = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("deviceId", null);
    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith("/api/")) return;
      const cookie = request.cookies[DEVICE_COOKIE];
      const unsigned = cookie ? request.unsignCookie(cookie) : null;
      if (unsigned?.valid && unsigned.value && DEVICE_ID.test(unsigned.value)) {
        request.deviceId = unsigned.value;
        return;
      }
      // Given only where answers are never cached (sign-in, the session check, the providers
      // every page asks for first): a cached answer must not hand one id to many browsers.
      if (!GIVEN_ON.test(request.url)) return;
      request.deviceId = randomBytes(16).toString("base64url");
      reply.setCookie(DEVICE_COOKIE, request.deviceId, {
        ...cookieOptions(request),
        httpOnly: true,
        signed: true,
        maxAge: DEVICE_COOKIE_SECONDS,
      });
    });
  },
  { name: "device-id", dependencies: ["@fastify/cookie"] },
);

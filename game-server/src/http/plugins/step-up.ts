import { minorToMajor } from "@igp/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SecondFactors } from "../../accounts/second-factor.ts";
import { HttpError } from "../http-error.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Before a staff member approves `amountMinor`: above the threshold (STEP_UP_AMOUNT), their
     * authenticator's code again, in `X-Authenticator-Code` (a phished session alone cannot move
     * a large amount). Refused 403 at the field `authenticatorCode` when missing, wrong or
     * reused; 429 while the authenticator is locked.
     */
    stepUp(request: FastifyRequest, reply: FastifyReply, amountMinor: number): Promise<void>;
  }
}

export const STEP_UP_HEADER = "x-authenticator-code";

export const stepUp = fp(
  async (
    app: FastifyInstance,
    deps: { factors: SecondFactors; thresholdMinor: number; currency: string },
  ) => {
    app.decorate(
      "stepUp",
      async (request: FastifyRequest, reply: FastifyReply, amountMinor: number) => {
        if (amountMinor <= deps.thresholdMinor) return;
        const staffId = request.user!.id;
        // Without an authenticator (TWO_FACTOR_STAFF=off and none added) there is nothing to ask.
        if (!(await deps.factors.isEnrolled(staffId))) return;
        const code = request.headers[STEP_UP_HEADER];
        const refuse = (message: string) => new HttpError(403, message, "authenticatorCode");
        if (typeof code !== "string" || code.trim() === "")
          throw refuse(
            `Approving more than ${deps.currency} ${minorToMajor(deps.thresholdMinor).toFixed(2)} needs the code from your authenticator app.`,
          );
        const check = await deps.factors.check(staffId, code.trim());
        if (check.ok) {
          request.log.info({ staffId, amountMinor }, "step-up passed");
          return;
        }
        request.log.warn({ staffId, reason: check.reason }, "step-up refused");
        if (check.reason === "locked") {
          reply.header("Retry-After", String(check.lockedSeconds));
          throw new HttpError(
            429,
            "Too many wrong codes. Your authenticator is locked for a while.",
            "authenticatorCode",
          );
        }
        throw refuse(
          check.reason === "reused"
            ? "This code has been used already. Wait for the next one."
            : "Wrong code. Please try again.",
        );
      },
    );
  },
  { name: "step-up" },
);

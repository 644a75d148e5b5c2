import { decideCharge } from "../domain/charge/charge.decide.ts";
import type { ChargeState, chargeEvents } from "../domain/charge/charge.events.ts";
import { chargeStream } from "../domain/stream-ids.ts";
import { type CommandContext, type Request, run } from "./command-context.ts";
import type { CommandHandler } from "./command-handler.ts";
import type { Transfers } from "./transfers.ts";

/** Agent charges: money in from outside to an agent's float, once a super admin approves. */
export class Charges {
  constructor(
    private readonly handler: CommandHandler,
    private readonly transfers: Transfers,
  ) {}

  async request(request: Request<typeof chargeEvents.ChargeRequested>, ctx: CommandContext) {
    await run(
      this.handler,
      chargeStream(request.chargeId),
      (s: ChargeState) =>
        decideCharge(s, { type: "RequestCharge", ...request, requestedAt: ctx.at }),
      ctx,
    );
  }

  async approve(chargeId: string, ctx: CommandContext) {
    const approvedBy = ctx.actor.userId;
    const stored = await run(
      this.handler,
      chargeStream(chargeId),
      (s: ChargeState) => decideCharge(s, { type: "ApproveCharge", approvedBy }),
      ctx,
    );
    await this.transfers.deliverAll(stored, ctx);
  }

  async disapprove(chargeId: string, ctx: CommandContext) {
    const disapprovedBy = ctx.actor.userId;
    await run(
      this.handler,
      chargeStream(chargeId),
      (s: ChargeState) => decideCharge(s, { type: "DisapproveCharge", disapprovedBy }),
      ctx,
    );
  }
}

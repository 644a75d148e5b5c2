import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { EventMetadata } from "../domain/metadata.ts";
import type { LedgerEvent } from "../domain/stream-kinds.ts";
import { stepId } from "../domain/transfer.ts";
import type { CommandHandler } from "./command-handler.ts";

/** Who asks, and when. `commandId` makes a repeated command a no-op (e.g. an idempotency key). */
export interface CommandContext {
  actor: EventMetadata["actor"];
  at: string;
  requestId?: string;
  /** The requester's address, kept in the events' metadata (the staff activity log shows it). */
  ip?: string;
  /** A staff member's note on the decision (approving despite fraud signals). */
  note?: string;
  correlationId?: string;
  commandId?: string;
}

/** A request event's data as a caller gives it: the ledger stamps the time itself. */
export type Request<T extends z.ZodType> = Omit<z.infer<T>, "requestedAt">;

/** Runs one decision on one stream; its stored events (the original ones for a repeat). */
export async function run(
  handler: CommandHandler,
  streamId: string,
  decide: (state: never) => LedgerEvent[],
  ctx: CommandContext,
) {
  return (await runForState(handler, streamId, decide, ctx)).events;
}

/** Runs the decision; its stored events and the stream's state after them. */
export function runForState<State>(
  handler: CommandHandler,
  streamId: string,
  decide: (state: State) => LedgerEvent[],
  ctx: CommandContext,
) {
  return handler.execute<State>(streamId, decide, metadataOf(ctx), eventIdsFor(ctx, streamId));
}

/** The ids of a command's events in a stream. */
export function eventIdsFor(ctx: CommandContext, streamId: string) {
  // Event ids derived from the command id make a repeated command store nothing new.
  return (index: number) => (ctx.commandId ? stepId(ctx.commandId, streamId, index) : randomUUID());
}

/** An id for something the command creates (a transfer), stable across repeats of the command. */
export function idFor(ctx: CommandContext, ...parts: string[]): string {
  return ctx.commandId ? stepId(ctx.commandId, ...parts) : randomUUID();
}

export function metadataOf(ctx: CommandContext): EventMetadata {
  const correlationId = ctx.correlationId ?? ctx.requestId ?? ctx.commandId ?? randomUUID();
  return {
    actor: ctx.actor,
    correlationId,
    occurredAt: ctx.at,
    ...(ctx.requestId && { requestId: ctx.requestId }),
    ...(ctx.ip && { ip: ctx.ip.slice(0, 64) }),
    ...(ctx.note && { note: ctx.note.slice(0, 500) }),
  };
}

import type { Ledger } from "@igp/ledger";
import {
  AGENT_DEPOSIT_METHOD,
  depositRequestSchema,
  depositTransactionSchema,
  minorToMajor,
  pageNumber,
  withdrawalTransactionSchema,
  withdrawRequestSchema,
  withdrawViaAgent,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ImageFingerprints } from "../../fraud-signals/image-fingerprints.ts";
import type { AccountTraces } from "../../linked-accounts/account-traces.ts";
import type { ImageStore } from "../../uploads/image-store.ts";
import type { BanksRepository } from "../../wallet/banks-repository.ts";
import type { RequestCodes } from "../../wallet/request-codes.ts";
import type { RequestsRepository } from "../../wallet/requests-repository.ts";
import { badRequest } from "../http-error.ts";
import { commandContext, newEntityId } from "../request-context.ts";
import { errorResponses as errors } from "../schemas.ts";

export interface WalletDependencies {
  ledger: Ledger;
  banks: BanksRepository;
  requests: RequestsRepository;
  images: ImageStore;
  codes: RequestCodes;
  fingerprints: ImageFingerprints;
  /** Linked accounts: the payout accounts players withdraw to. */
  accountTraces: AccountTraces;
}

const screenshotField = z.instanceof(Buffer).optional();
const BANK_WITHDRAWAL_REQUESTED =
  "Withdrawal requested. It stays pending until staff send the transfer to your account; your withdrawals then show its payment reference.";

/** A player's deposits and withdrawals (player spec sections 5 and 7). */
export async function walletRoutes(app: FastifyInstance, deps: WalletDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const player = app.requireRole("user");

  api.post(
    "/api/wallet/deposit/request",
    {
      schema: {
        tags: ["wallet"],
        summary:
          "Request a deposit: by bank (with proof) or through an agent (returns a deposit code)",
        description:
          "multipart/form-data: method ('Agent Deposit' or a deposit bank's name), amount (ETB, at least 50), and for a bank deposit accountNumber, transactionId and a screenshot image. Accepts an Idempotency-Key header.",
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        body: depositRequestSchema.extend({ screenshot: screenshotField }),
        response: {
          201: z.object({
            message: z.string(),
            depositCode: z.string(),
            transactionId: z.string(),
          }),
          ...errors,
        },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money", freshReads: true },
    },
    async (request, reply) => {
      const { method, amount, accountNumber, transactionId, screenshot } = request.body;
      const userId = request.user!.id;
      const depositId = newEntityId(request, "deposit");
      const code = deps.codes.issue();
      const { codeHint, sealedCode } = code;
      const depositCode = code.stored;
      const ctx = commandContext(request);
      if (method === AGENT_DEPOSIT_METHOD) {
        await deps.ledger.deposits.request(
          { depositId, userId, method: "agent", amount, depositCode, codeHint, sealedCode },
          ctx,
        );
        return reply.code(201).send({
          message: "Go to the agent's shop and show this deposit code.",
          depositCode: code.plain,
          transactionId: depositId,
        });
      }
      const bank = await deps.banks.activeByName("deposit", method);
      if (!bank) throw badRequest("Please choose an active deposit bank.", "method");
      if (!accountNumber || !transactionId || !screenshot) {
        throw badRequest(
          "Account number, transaction ID or link, and a screenshot are required for a bank deposit.",
          !accountNumber ? "accountNumber" : !transactionId ? "transactionId" : "screenshot",
        );
      }
      const saved = await deps.images.save(screenshot);
      await fingerprint(deps, saved, request.log);
      await deps.ledger.deposits.request(
        {
          depositId,
          userId,
          method: "bank",
          amount,
          depositCode,
          codeHint,
          sealedCode,
          bankName: bank.bank_name,
          accountNumber,
          transactionId,
          screenshot: saved,
        },
        ctx,
      );
      return reply.code(201).send({
        message: "Deposit request submitted.",
        depositCode: code.plain,
        transactionId: depositId,
      });
    },
  );

  api.post(
    "/api/wallet/withdraw/request",
    {
      schema: {
        tags: ["wallet"],
        summary: "Request a withdrawal; the amount is held at once",
        description:
          "Main balance first; the rest from bonus only with withdrawFromBonusBalance, with a 20% fee on that part. accountNumber is required except for the method 'agent' (cash at an agent's shop, against the withdraw code, returned as `gameCode`). A bank withdrawal has no code (`gameCode` null): staff transfer the payout to the account and record the transfer's payment reference. Accepts an Idempotency-Key header.",
        security: [{ bearer: [] }],
        body: withdrawRequestSchema,
        response: {
          201: z.object({
            message: z.string(),
            transaction: withdrawalTransactionSchema.pick({
              id: true,
              gameCode: true,
              amount: true,
              fee: true,
              payout: true,
            }),
          }),
          ...errors,
        },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money", freshReads: true },
    },
    async (request, reply) => {
      const { amount, method, accountNumber, withdrawFromBonusBalance } = request.body;
      const viaAgent = withdrawViaAgent(method);
      const bank = viaAgent ? null : await deps.banks.activeByName("withdraw", method);
      if (!viaAgent && !bank)
        throw badRequest("Please choose 'agent' or an active withdrawal method.", "method");
      const withdrawalId = newEntityId(request, "withdrawal");
      const code = deps.codes.issue();
      const { fee } = await deps.ledger.withdrawals.request(
        {
          withdrawalId,
          amount,
          allowBonus: withdrawFromBonusBalance,
          method: viaAgent ? "agent" : "bank",
          // In cash at an agent's shop the withdraw code is what counts: no account.
          accountNumber: viaAgent ? "" : accountNumber!,
          withdrawCode: code.stored,
          codeHint: code.codeHint,
          sealedCode: code.sealedCode,
          ...(bank && { bankName: bank.bank_name }),
        },
        commandContext(request),
      );
      // After the ledger took it: a refused request links nobody.
      if (bank)
        await deps.accountTraces.withdrewTo(request.user!.id, bank.bank_name, accountNumber!);
      return reply.code(201).send({
        message: viaAgent
          ? `Withdrawal requested. Tell this code to the agent: ${code.plain}`
          : BANK_WITHDRAWAL_REQUESTED,
        transaction: {
          id: withdrawalId,
          // A bank withdrawal is paid by transfer to the account: no code to give anyone.
          gameCode: viaAgent ? code.plain : null,
          amount: minorToMajor(amount),
          fee: minorToMajor(fee),
          payout: minorToMajor(amount - fee),
        },
      });
    },
  );

  api.get(
    "/api/transactions/deposit",
    {
      schema: {
        tags: ["wallet"],
        summary: "The player's recent deposits",
        security: [{ bearer: [] }],
        querystring: z.object({ page: pageNumber }),
        response: { 200: z.object({ transactions: z.array(depositTransactionSchema) }), ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { transactions } = await deps.requests.deposits(
        { userId: request.user!.id },
        request.query.page,
        "owner",
      );
      return { transactions };
    },
  );

  api.get(
    "/api/transactions/withdraw",
    {
      schema: {
        tags: ["wallet"],
        summary: "The player's recent withdrawals",
        security: [{ bearer: [] }],
        querystring: z.object({ page: pageNumber }),
        response: {
          200: z.object({ transactions: z.array(withdrawalTransactionSchema) }),
          ...errors,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { transactions } = await deps.requests.withdrawals(
        { userId: request.user!.id },
        request.query.page,
        "owner",
      );
      return { transactions };
    },
  );
}

/**
 * Takes the stored screenshot's fingerprint and finds the earlier ones it matches (fraud
 * signals, docs/fraud-signals.md), before the request is recorded, so that an approver who
 * opens it sees them. A failure does not stop the deposit: the start-up backfill takes it later.
 */
async function fingerprint(
  deps: WalletDependencies,
  image: string,
  log: { warn(data: object, message: string): void },
) {
  try {
    const stored = await deps.images.load(image);
    if (stored) await deps.fingerprints.record(image, stored.bytes);
  } catch (error) {
    log.warn({ image, error }, "could not fingerprint a deposit screenshot");
  }
}

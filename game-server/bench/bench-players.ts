import { CommandHandler, createPgPool, Ledger } from "@igp/ledger";
import { approvedBankDeposit, ctx } from "@igp/test-support/ledger.ts";
import { hashPassword } from "../src/accounts/passwords.ts";
import { Sessions } from "../src/accounts/sessions.ts";
import { createTokens } from "../src/accounts/tokens.ts";
import { UsersRepository } from "../src/accounts/users-repository.ts";
import { createEventStore } from "../src/database/event-store.ts";
import { inBatches } from "./measure.ts";

/** A player the benchmarks created straight in the database, with a token signed for it. */
export interface SeededPlayer {
  index: number;
  userId: string;
  token: string;
}

/**
 * `count` players with one shared argon2 hash, each funded by an approved bank deposit of
 * `depositMinor`, written as the server would (users table, ledger); their tokens are signed
 * with the server's JWT secret, so no sign-in is needed.
 */
export async function seedPlayers(
  databaseUrl: string,
  jwtSecret: string,
  {
    count,
    depositMinor,
    concurrency,
  }: { count: number; depositMinor: number; concurrency: number },
): Promise<SeededPlayer[]> {
  const pool = createPgPool(databaseUrl, concurrency + 2);
  const store = createEventStore({ EVENT_STORE: "postgres", KURRENTDB_URL: undefined }, pool);
  const ledger = new Ledger(new CommandHandler(store));
  const users = new UsersRepository(pool);
  const sessions = new Sessions(pool, createTokens(jwtSecret));
  const passwordHash = await hashPassword("bench-password-1");
  const players: SeededPlayer[] = [];
  try {
    await inBatches(
      Array.from({ length: count }, (_, i) => i),
      concurrency,
      async (index) => {
        const user = await users.create({
          fullName: `Bench Player ${index + 1}`,
          phone: `09${String(index).padStart(8, "0")}`,
          passwordHash,
          role: "user",
        });
        if (!user) throw new Error(`user ${index} exists already`);
        await approvedBankDeposit(ledger, user.id, depositMinor);
        // As registration does: the server refuses stakes of players who have not confirmed.
        await ledger.saferPlay.confirmAge(user.id, 18, ctx("user", user.id));
        players[index] = {
          index,
          userId: user.id,
          token: (await sessions.start(user, { userAgent: "bench", address: "" })).token,
        };
      },
    );
  } finally {
    await store.close();
    await pool.end();
  }
  return players;
}

import { performance } from "node:perf_hooks";
import { call } from "../bench-api.ts";
import { inBatches } from "../measure.ts";
import { gameOf, type Player, type Round, SEATS, seed } from "./rounds.ts";
import { BET, CREATE_CONCURRENCY, MODE, ROOMS } from "./settings.ts";

/** ROOMS superAdmin tables, one per round to come, by round index: their ids. */
export async function createTables(url: string, adminToken: string): Promise<number[]> {
  const tables: number[] = [];
  await inBatches(
    Array.from({ length: ROOMS }, (_, i) => i),
    CREATE_CONCURRENCY,
    async (i) => {
      const created = await call(url, "POST", "/api/games/create", adminToken, {
        type: gameOf(i),
        betAmount: BET,
      });
      if (created.status !== 201) throw new Error(`table: ${JSON.stringify(created.body)}`);
      tables[i] = created.body.id!;
    },
  );
  return tables;
}

/**
 * Opens every round: the creator's POST (seat locked, bet debited, room created), at a table or
 * as a private round. The first ROOMS players create, the next ROOMS join, the rest watch;
 * creators, joiners and watchers spread over the processes, a round's two players on different ones.
 */
export async function openRounds(players: Player[], urls: string[], tables: number[]) {
  const creators = players.slice(0, ROOMS);
  const joiners = players.slice(ROOMS, 2 * ROOMS);
  const rounds: Round[] = [];
  let createFailures = 0;
  for (const [i, player] of players.entries()) player.url = urls[i % urls.length];
  for (const [i, joiner] of joiners.entries()) joiner.url = urls[(i + 1) % urls.length];
  await inBatches(creators, CREATE_CONCURRENCY, async (creator, i) => {
    const game = gameOf(i);
    const sent = performance.now();
    const created =
      MODE === "tables"
        ? await call(creator.url!, "POST", `/api/game/${game}/create`, creator.token, {
            instantId: tables[i],
            ...SEATS[game].create,
            clientSeed: seed(),
          })
        : await call(creator.url!, "POST", "/api/game/private/create", creator.token, {
            gameType: game,
            access: "private",
            betAmount: BET,
            ...SEATS[game].create,
            clientSeed: seed(),
          });
    const createMs = performance.now() - sent;
    if (created.status !== 201) {
      if (createFailures++ < 3)
        console.log(`  create ${created.status}: ${JSON.stringify(created.body)}`);
      return;
    }
    rounds[i] = {
      game,
      code: created.body.gameCode!,
      creator,
      joiner: joiners[i]!,
      watchers: [],
      createMs,
    };
  });
  const open = rounds.filter(Boolean);
  for (const [i, watcher] of players.slice(2 * ROOMS).entries())
    open[i % open.length]?.watchers.push(watcher);
  return { open, createFailures };
}

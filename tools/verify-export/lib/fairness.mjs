// Every settled draw recomputed from its seeds (docs/fairness.md), round by round as its events
// arrive; a round's state is dropped once it is settled or cancelled.
import { drawLottery, flipCoin, sha256Hex, spinWinner } from "./draw.mjs";

const owner = (walletStreamId) => walletStreamId.replace(/^wallet-/, "");

export class FairDraws {
  rounds = new Map();
  checked = 0;
  /** Settled rounds that recorded no draw (settled by hand, before proofs): nothing to check. */
  withoutDraw = 0;
  problems = [];

  apply(event) {
    const { streamId, type, data } = event;
    if (!streamId.startsWith("round-")) return;
    let round = this.rounds.get(streamId);
    if (!round) {
      round = { game: "", commitment: undefined, stakes: [], paid: [], prizes: [] };
      this.rounds.set(streamId, round);
    }
    if (type === "RoundOpened") {
      round.game = data.game;
      round.commitment = data.details?.commitment;
    } else if (type === "StakeReceived") {
      // Only what the draws read, flat: a lottery holds 127,500 of them at 5M events.
      const selection = data.selection ?? {};
      round.stakes.push({
        transferId: data.transferId,
        userId: data.userId,
        number: data.number ?? 0,
        clientSeed: selection.clientSeed ?? "",
        side: selection.side,
        numbers: selection.numbers,
      });
    } else if (type === "StakeReturned") {
      round.stakes = round.stakes.filter((stake) => stake.transferId !== data.stakeTransferId);
    } else if (type === "RoundPaid" || type === "RoundSettled") {
      round.paid.push(...data.payouts.map((payout) => owner(payout.to)));
      round.prizes.push(...data.prizes.map((prize) => `${owner(prize.to)}:${prize.amount}`));
      if (type === "RoundSettled") {
        this.settle(streamId, round, data.draw);
        this.rounds.delete(streamId);
      }
    } else if (type === "RoundCancelled") this.rounds.delete(streamId);
  }

  settle(streamId, round, draw) {
    if (!draw) {
      this.withoutDraw++;
      return;
    }
    const { serverSeed } = draw;
    if (!serverSeed || !round.commitment) {
      this.problems.push(`${streamId}: settled without its fairness proof`);
      return;
    }
    if (sha256Hex(serverSeed) !== round.commitment)
      this.problems.push(`${streamId}: the revealed server seed does not match the commitment`);
    const roundId = streamId.slice("round-".length);
    if (round.game === "lottery") this.lottery(streamId, round, draw, roundId);
    else if (round.game === "coin-flip" || round.game === "spin-wheel")
      this.game(streamId, round, draw, roundId);
    else {
      this.problems.push(`${streamId}: a draw of unknown game ${round.game}`);
      return;
    }
    this.checked++;
  }

  game(streamId, round, draw, roundId) {
    const input = {
      serverSeed: draw.serverSeed,
      clientSeeds: round.stakes.map((stake) => stake.clientSeed),
      roundId,
    };
    let outcome;
    let holders;
    if (round.game === "coin-flip") {
      outcome = flipCoin(input);
      holders = round.stakes.filter((stake) => stake.side === outcome);
    } else {
      outcome = spinWinner(
        input,
        round.stakes.flatMap((stake) => stake.numbers ?? []),
      );
      holders = round.stakes.filter((stake) => stake.numbers?.includes(outcome));
    }
    if (outcome !== draw.outcome)
      this.problems.push(`${streamId}: recorded outcome ${draw.outcome}, seeds give ${outcome}`);
    const should = holders.map((stake) => stake.userId).join();
    if (round.paid.join() !== should)
      this.problems.push(
        `${streamId}: paid ${round.paid.join()} but ${outcome} was held by ${should}`,
      );
  }

  lottery(streamId, round, draw, roundId) {
    const winners = draw.winners ?? [];
    const drawn = drawLottery(draw.serverSeed, roundId, round.stakes, draw.places ?? 0);
    const recorded = winners.map((winner) => winner.ticket).join();
    if (drawn.join() !== recorded)
      this.problems.push(`${streamId}: recorded winners ${recorded}, seeds give ${drawn.join()}`);
    // Only the winning tickets' holders: a map of every ticket would be as large as the lottery.
    const won = new Set(winners.map((winner) => winner.ticket));
    const holders = new Map(
      round.stakes.filter((s) => won.has(s.number)).map((s) => [s.number, s.userId]),
    );
    for (const winner of winners)
      if (holders.get(winner.ticket) !== winner.userId)
        this.problems.push(`${streamId}: ticket ${winner.ticket} is not ${winner.userId}'s`);
    const owed = winners.flatMap((w) => (w.amount === null ? [] : [`${w.userId}:${w.amount}`]));
    if (owed.join() !== round.prizes.join())
      this.problems.push(
        `${streamId}: prizes paid ${round.prizes.join()} but the drawing owes ${owed.join()}`,
      );
  }
}

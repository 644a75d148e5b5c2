import { commitmentOf, drawLottery, flipCoin, spinWinner, ticketsDigest } from "./fairness.ts";

/**
 * A round's or a lottery's fairness proof read from its own ledger stream (docs/fairness.md),
 * and recomputed: the inputs are the stream's events alone (RoundOpened's commitment, each
 * StakeReceived's selection and ticket number, StakeReturned, RoundSettled's draw), as
 * `npm run audit` reads them, so the back office's ledger explorer checks the ledger itself.
 */
interface Stake {
  transferId: string;
  userId: string;
  number?: number;
  clientSeed: string;
  side?: string;
  numbers?: number[];
}

export interface RoundProof {
  roundId: string;
  game: string;
  commitment: string | null;
  serverSeed: string | null;
  stakes: Stake[];
  /** Recorded: a coin's side, a spin's number. */
  outcome: unknown;
  /** Recorded lottery winners: ticket numbers in place order. */
  winningTickets: number[];
  places: number;
  recordedDigest: string | null;
}

type EventLike = { type: string; data: Record<string, unknown> };

/** The proof's inputs from a round stream's events, in revision order. */
export function roundProofOf(streamId: string, events: EventLike[]): RoundProof {
  const proof: RoundProof = {
    roundId: streamId.replace(/^round-/, ""),
    game: "",
    commitment: null,
    serverSeed: null,
    stakes: [],
    outcome: null,
    winningTickets: [],
    places: 0,
    recordedDigest: null,
  };
  for (const { type, data } of events) {
    // biome-ignore lint/suspicious/noExplicitAny: the ledger validated these events when stored
    const d = data as Record<string, any>;
    if (type === "RoundOpened") {
      proof.game = d.game;
      proof.commitment = d.details?.commitment ?? null;
    } else if (type === "StakeReceived") {
      const selection = d.selection ?? {};
      proof.stakes.push({
        transferId: d.transferId,
        userId: d.userId,
        number: d.number,
        clientSeed: selection.clientSeed ?? "",
        side: selection.side,
        numbers: selection.numbers,
      });
    } else if (type === "StakeReturned") {
      proof.stakes = proof.stakes.filter((s) => s.transferId !== d.stakeTransferId);
    } else if (type === "RoundSettled") {
      const draw = d.draw ?? {};
      proof.serverSeed = draw.serverSeed ?? null;
      proof.outcome = draw.outcome ?? null;
      proof.places = draw.places ?? 0;
      proof.recordedDigest = draw.ticketsDigest ?? null;
      proof.winningTickets = (draw.winners ?? []).map((w: { ticket: number }) => w.ticket);
    }
  }
  return proof;
}

export interface ProofStep {
  step: "commitment" | "digest" | "outcome";
  ok: boolean;
  recorded: string;
  recomputed: string;
}

/**
 * Recomputes the proof: the revealed seed against the commitment, then the draw from the seeds
 * (a lottery: the tickets digest and every winner). Null while the round is not settled.
 */
export async function checkRoundProof(proof: RoundProof): Promise<ProofStep[] | null> {
  if (!proof.serverSeed || !proof.commitment) return null;
  const steps: ProofStep[] = [];
  const commitment = await commitmentOf(proof.serverSeed);
  steps.push({
    step: "commitment",
    ok: commitment === proof.commitment,
    recorded: proof.commitment,
    recomputed: commitment,
  });
  const input = {
    serverSeed: proof.serverSeed,
    clientSeeds: proof.stakes.map((s) => s.clientSeed),
    roundId: proof.roundId,
  };
  if (proof.game === "lottery") {
    const tickets = proof.stakes.map((s) => ({ number: s.number ?? 0, clientSeed: s.clientSeed }));
    const digest = await ticketsDigest(tickets);
    if (proof.recordedDigest)
      steps.push({
        step: "digest",
        ok: digest === proof.recordedDigest,
        recorded: proof.recordedDigest,
        recomputed: digest,
      });
    const winners = await drawLottery(proof.serverSeed, proof.roundId, tickets, proof.places);
    const recorded = proof.winningTickets.join(", ");
    steps.push({
      step: "outcome",
      ok: winners.join(", ") === recorded,
      recorded,
      recomputed: winners.join(", "),
    });
  } else {
    const outcome =
      proof.game === "coin-flip"
        ? await flipCoin(input)
        : await spinWinner(
            input,
            proof.stakes.flatMap((s) => s.numbers ?? []),
          );
    steps.push({
      step: "outcome",
      ok: outcome === proof.outcome,
      recorded: String(proof.outcome),
      recomputed: String(outcome),
    });
  }
  return steps;
}

// Money, reimplemented from docs/ledger.md (streams, transfers, the house, the money invariant):
// every event's effect, each account's balance, transfers matched to their credits, the house.

/** Events that credit a transfer to their own stream: { transferId, amount }. */
const CREDITS = new Set([
  "WalletCredited",
  "AgentFloatCredited",
  "AgentFundsReceived",
  "WithdrawalRequested",
  "StakeReceived",
]);

/** Events that move money in no way (requests, decisions without money, a round's schedule). */
const NO_MONEY = new Set([
  "DepositRequested",
  "DepositDisapproved",
  "ChargeRequested",
  "ChargeDisapproved",
  "RoundOpened",
  "StakesDeadlineMoved",
  "StakesClosed",
]);

/**
 * A wallet's safer play (ledger.md): limits, breaks, the age confirmation and deposit requests
 * counted against the deposit limits. No money moves; they belong in a wallet stream only.
 */
const SAFER_PLAY = new Set(["PlayLimitSet", "PlayBreakTaken", "AgeConfirmed", "DepositCounted"]);

/** Events that send transfers or move money in or out (effectOf). */
const MOVES = new Set([
  "BonusGranted",
  "BankDepositApproved",
  "ChargeApproved",
  "StakePlaced",
  "WithdrawalHeld",
  "AgentDepositFunded",
  "AgentDepositApproved",
  "AgentFundsReturned",
  "WithdrawalDisapproved",
  "StakeReturned",
  "WithdrawalApproved",
  "RoundSettled",
  "RoundPaid",
  "RoundCancelled",
  "StakesRefunded",
]);

/** After these a stream holds nothing: the round paid out or refunded, the withdrawal decided. */
const EMPTIES = new Set([
  "RoundSettled",
  "RoundCancelled",
  "WithdrawalApproved",
  "WithdrawalDisapproved",
]);

/** Streams whose balance is kept from their first event on: wallets and agents. */
const ACCOUNT = /^(wallet|agent)-/;

const sum = (transfers) => transfers.reduce((total, t) => total + t.amount, 0);
const advanceOf = (data) => data.advance?.amount ?? 0;

/** What one event does to money besides its own stream: in, out, the house's share, transfers. */
function effectOf(type, data) {
  const none = {
    moneyIn: 0,
    moneyOut: 0,
    house: 0,
    sent: [],
    cuts: 0,
    fees: 0,
    prizes: 0,
    advances: 0,
  };
  switch (type) {
    case "BonusGranted":
      return { ...none, moneyIn: data.amount };
    case "BankDepositApproved":
      return { ...none, moneyIn: data.transfer.amount, sent: [data.transfer] };
    case "ChargeApproved": {
      const advance = advanceOf(data);
      const sent = data.advance ? [data.transfer, data.advance] : [data.transfer];
      return { ...none, moneyIn: data.transfer.amount, house: -advance, advances: advance, sent };
    }
    case "StakePlaced":
    case "WithdrawalHeld":
    case "AgentDepositFunded":
    case "AgentDepositApproved":
    case "AgentFundsReturned":
    case "WithdrawalDisapproved":
    case "StakeReturned":
      return { ...none, sent: [data.transfer] };
    case "WithdrawalApproved": {
      const advance = advanceOf(data);
      const common = { ...none, house: data.fee - advance, fees: data.fee, advances: advance };
      if (!data.agentTransfer) return { ...common, moneyOut: data.payout };
      return {
        ...common,
        sent: data.advance ? [data.agentTransfer, data.advance] : [data.agentTransfer],
      };
    }
    case "RoundSettled":
    case "RoundPaid": {
      const prizes = sum(data.prizes);
      const cuts = type === "RoundSettled" ? data.houseCut : 0;
      return {
        ...none,
        house: cuts - prizes,
        cuts,
        prizes,
        sent: [...data.payouts, ...data.prizes],
      };
    }
    case "RoundCancelled":
    case "StakesRefunded":
      return { ...none, sent: data.refunds };
    default:
      return none;
  }
}

/**
 * The money of a ledger folded event by event from zero: each wallet's main and bonus, every
 * other stream's money (an agent's float, what a deposit, withdrawal or round holds), transfers
 * debited and not yet credited, money in and out, and the house. State per stream is two
 * numbers, kept for wallets and agents and for other streams only while they hold money; a
 * transfer is forgotten once credited, so memory follows the accounts, not the events.
 */
export class MoneyBook {
  inFlight = new Map();
  moneyIn = 0n;
  moneyOut = 0n;
  house = { roundCuts: 0, withdrawalFees: 0, prizesPaid: 0, agentAdvances: 0, balance: 0 };
  problems = [];

  /** `accounts`: each stream's money by stream id, a Map or a SpillingMap (spilling-map.mjs). */
  constructor(accounts = new Map()) {
    this.accounts = accounts;
  }

  apply(event, where) {
    const { type, data, streamId } = event;
    if (!CREDITS.has(type) && !NO_MONEY.has(type) && !MOVES.has(type) && !SAFER_PLAY.has(type)) {
      this.problems.push(`${where}: unknown event type ${type}`);
      return;
    }
    const account = this.accounts.get(streamId) ?? { main: 0, bonus: 0, held: 0 };
    this.accounts.set(streamId, account);
    if (SAFER_PLAY.has(type)) return this.checkSaferPlay(streamId, type, data, where);
    const effect = effectOf(type, data);
    let received = 0;
    if (CREDITS.has(type)) {
      received = data.amount;
      this.credit(streamId, data.transferId, data.amount, where);
    }
    const change = effect.moneyIn - effect.moneyOut - effect.house - sum(effect.sent) + received;
    if (streamId.startsWith("wallet-")) this.applyWallet(account, type, data, change, where);
    else account.held += change;
    for (const transfer of effect.sent) this.send(transfer, where);
    this.moneyIn += BigInt(effect.moneyIn);
    this.moneyOut += BigInt(effect.moneyOut);
    this.house.roundCuts += effect.cuts;
    this.house.withdrawalFees += effect.fees;
    this.house.prizesPaid += effect.prizes;
    this.house.agentAdvances += effect.advances;
    this.house.balance += effect.house;
    for (const field of ["main", "bonus", "held"])
      if (account[field] < 0)
        this.problems.push(`${where}: ${field} is negative (${account[field]})`);
    if (EMPTIES.has(type) && account.held !== 0)
      this.problems.push(`${where}: ${type} leaves ${account.held} in the stream`);
    if (!Number.isSafeInteger(account.main + account.bonus + account.held))
      this.problems.push(`${where}: balance out of range`);
    // An escrow (a round, a request) empty again is as if new: forgotten, so that only accounts
    // and the escrows holding money stay in memory.
    if (account.held === 0 && !ACCOUNT.test(streamId)) this.accounts.delete(streamId);
  }

  /** Safer play moves nothing: only where it stands and its amounts (whole minor units). */
  checkSaferPlay(streamId, type, data, where) {
    if (!streamId.startsWith("wallet-")) this.problems.push(`${where}: ${type} outside a wallet`);
    const amount = data.amount;
    const valid = Number.isSafeInteger(amount) && amount > 0;
    if (type === "DepositCounted" ? !valid : type === "PlayLimitSet" && amount !== null && !valid)
      this.problems.push(`${where}: ${type} of ${amount}`);
  }

  /** A wallet's main and bonus: credits as split, debits as taken, a bonus to bonus. */
  applyWallet(account, type, data, change, where) {
    let main = 0;
    let bonus = 0;
    if (type === "WalletCredited") [main, bonus] = [data.main, data.bonus];
    else if (type === "BonusGranted") bonus = data.amount;
    else if (type === "StakePlaced" || type === "WithdrawalHeld")
      [main, bonus] = [-data.fromMain, -data.fromBonus];
    if (main + bonus !== change)
      this.problems.push(`${where}: ${type}'s main and bonus do not add up`);
    account.main += main;
    account.bonus += bonus;
  }

  /**
   * Transfers are matched by id whichever side comes first: streams are applied in their own
   * order, and a credit can reach the global order before its debit (verify-exports.mjs).
   */
  send(transfer, where) {
    if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0)
      this.problems.push(`${where}: transfer ${transfer.id} of ${transfer.amount}`);
    const known = this.inFlight.get(transfer.id);
    if (known?.sent) this.problems.push(`${where}: transfer ${transfer.id} sent twice`);
    else if (known) {
      if (known.to !== transfer.to || known.amount !== transfer.amount)
        this.problems.push(`${known.where}: credit does not match transfer ${transfer.id}`);
      this.inFlight.delete(transfer.id);
      return;
    }
    this.inFlight.set(transfer.id, { to: transfer.to, amount: transfer.amount, sent: true, where });
  }

  credit(streamId, transferId, amount, where) {
    const transfer = this.inFlight.get(transferId);
    if (transfer && !transfer.sent) {
      this.problems.push(`${where}: transfer ${transferId} credited twice`);
      return;
    }
    if (!transfer) {
      this.inFlight.set(transferId, { to: streamId, amount, sent: false, where });
      return;
    }
    if (transfer.to !== streamId || transfer.amount !== amount)
      this.problems.push(`${where}: credit does not match transfer ${transferId}`);
    this.inFlight.delete(transferId);
  }

  /** Σ accounts + house + in flight = money in − money out, over the whole ledger. */
  verdict() {
    let held = 0n;
    for (const [, account] of this.accounts)
      held += BigInt(account.main) + BigInt(account.bonus) + BigInt(account.held);
    let inFlight = 0n;
    const problems = [...this.problems];
    for (const [id, transfer] of this.inFlight) {
      if (transfer.sent) inFlight += BigInt(transfer.amount);
      else problems.push(`${transfer.where}: credit of transfer ${id}, which was never sent`);
    }
    const left = held + BigInt(this.house.balance) + inFlight;
    if (left !== this.moneyIn - this.moneyOut)
      problems.push(
        `money invariant broken: accounts ${held} + house ${this.house.balance} + in flight ${inFlight} ≠ in ${this.moneyIn} − out ${this.moneyOut}`,
      );
    return { problems, held, inFlight };
  }
}

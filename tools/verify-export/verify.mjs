#!/usr/bin/env node
// node verify.mjs [--public-key key.pem] [--balances] <export dir> [<next export dir> ...]
// Checks signed ledger exports offline (docs/audit.md): no database, no server, no dependency.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { RECORDS_IN_MEMORY, STREAMS_IN_MEMORY, verifyExports } from "./lib/verify-exports.mjs";

// The old space grown by 60% at most after each major collection, as the audit and the export
// run (package.json): by default V8 lets it grow to several times what is alive while it
// may, which at 5M events took the verifier to 442 MB against 260 with this (docs/audit.md,
// Figures). Set here, as the process runs, because `node verify.mjs` is how auditors start it;
// a collector setting only, read at each collection. Left alone when the flag is given.
const HEAP_GROWING = "--heap-growing-percent";
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((f) => f.includes(HEAP_GROWING)))
  setFlagsFromString(`${HEAP_GROWING}=60`);

const USAGE = `Usage: node verify.mjs [--public-key <operator's key.pem>] [--balances] <export> [<next export> ...]
  --public-key  the operator's published Ed25519 key (GET /api/fair/export-key); without it the
                key named in each manifest is used, which proves the export whole but not whose
  --balances    print every account's balance (wallets, agents, open escrows)
  --records-in-memory  pieces of stream chains sorted in memory before a run goes to the system's
                temporary directory (default ${RECORDS_IN_MEMORY.toLocaleString("en")}, ~6 MB)
  --streams-in-memory  open streams (accounts' chain links and money) held in memory, the least
                recently used beyond it in the system's temporary directory (default
                ${STREAMS_IN_MEMORY.toLocaleString("en")}, ~10 MB)
Memory: bounded by those two, whatever the number of events, streams or accounts, except for a
lottery's tickets while it is open (about 200 bytes a ticket), and about 100 bytes per account
beyond the bound for where it is in the file.
Exports that follow one another are given in order; balances, money and draws are checked from
the ledger's first event on.`;

const money = (minor) => {
  const value = BigInt(minor);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        "public-key": { type: "string" },
        balances: { type: "boolean" },
        "records-in-memory": { type: "string" },
        "streams-in-memory": { type: "string" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const publicKeyPem = values["public-key"]
    ? await readFile(values["public-key"], "utf8")
    : undefined;
  const bounds = {};
  for (const [option, name, fallback] of [
    ["records-in-memory", "recordsInMemory", RECORDS_IN_MEMORY],
    ["streams-in-memory", "streamsInMemory", STREAMS_IN_MEMORY],
  ]) {
    bounds[name] = Number(values[option] ?? fallback);
    if (!Number.isSafeInteger(bounds[name]) || bounds[name] < 1) {
      console.error(`--${option} must be a whole number of at least 1\n${USAGE}`);
      return 2;
    }
  }
  return verifyExports(positionals, { publicKeyPem, ...bounds }, (result) =>
    print(result, { publicKeyPem, balances: values.balances }),
  );
}

/** The report, and the exit code: 0 when the exports verify. */
function print({ ok, problems, problemCount, report }, { publicKeyPem, balances }) {
  console.log("Ledger export verification");
  console.log(
    `  exports          ${report.exports}, signed by key ${report.keys.join(", ") || "-"}${publicKeyPem ? " (the key given)" : " (named in the manifest: compare it with the operator's published key)"}`,
  );
  console.log(
    `  events           ${report.events} in ${report.streams} streams, last position ${report.lastPosition ?? "-"}`,
  );
  if (report.checksMoney) {
    const house = report.house;
    console.log(`  money in         ${money(report.moneyIn)}`);
    console.log(`  money out        ${money(report.moneyOut)}`);
    console.log(`  in flight        ${money(report.inFlight)}`);
    console.log(`  accounts hold    ${money(report.accounts)}`);
    console.log(
      `  house result     ${money(house.balance)} (cuts ${money(house.roundCuts)} + fees ${money(house.withdrawalFees)} - prizes ${money(house.prizesPaid)} - advances ${money(house.agentAdvances)})`,
    );
    console.log(
      `  fair draws       ${report.fairDraws} settled round(s) recomputed from their seeds (${report.settledWithoutDraw} settled without a draw)`,
    );
    if (balances) {
      for (const [streamId, account] of report.balances) {
        if (streamId.startsWith("wallet-"))
          console.log(`  ${streamId} main ${money(account.main)} bonus ${money(account.bonus)}`);
        else if (account.held !== 0) console.log(`  ${streamId} ${money(account.held)}`);
      }
    }
  } else {
    console.log(
      `  money, draws     not checked: the export does not start at the ledger's first event (${report.anchoredStreams} streams continue from earlier exports: give those first)`,
    );
  }
  if (ok) {
    console.log(
      "  verdict          OK: signature valid, hash chains intact, nothing missing or added" +
        (report.checksMoney ? ", money conserved, no negative balance, draws fair" : ""),
    );
    return 0;
  }
  console.log(`  verdict          FAILED: ${problemCount} problem(s)`);
  for (const problem of problems) console.log(`    - ${problem}`);
  if (problemCount > problems.length)
    console.log(`    … and ${problemCount - problems.length} more`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`verify: ${error.message}`);
    process.exit(1);
  },
);

// Where a CPU profile's time went (a server run with SERVER_NODE_OPTIONS="--cpu-prof ..."):
//   node game-server/bench/probes/profile-summary.mjs <file.cpuprofile>
//     the busy share of every 100 ms since the profile began: find the phase you want
//   node game-server/bench/probes/profile-summary.mjs <file.cpuprofile> <fromMs> <toMs>
//     for that window: busy time by package (self), the costliest functions (self), and the
//     project's own functions with everything they called (total)
import { readFileSync } from "node:fs";

const [file, from, to] = process.argv.slice(2);
if (!file) {
  console.error("usage: profile-summary.mjs <file.cpuprofile> [fromMs toMs]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const sampledAt = [];
let clock = 0;
for (const delta of profile.timeDeltas) {
  clock += delta;
  sampledAt.push(clock / 1000);
}
const sampleMs = (sampledAt.at(-1) - sampledAt[0]) / profile.samples.length;
const isIdle = (id) => nodes.get(id).callFrame.functionName === "(idle)";
const short = (url) =>
  url
    .replace(/.*node_modules\/((@[^/]+\/)?[^/]+)\/.*/, "$1")
    .replace(/.*\/(game-server|ledger|projections|shared)\//, "$1/");
const nameOf = ({ functionName, url, lineNumber }) =>
  `${functionName || "(anonymous)"} ${short(url)}${lineNumber > 0 ? `:${lineNumber + 1}` : ""}`;

if (from === undefined) {
  const buckets = new Map();
  profile.samples.forEach((id, i) => {
    const bucket = Math.floor(sampledAt[i] / 100) * 100;
    const counts = buckets.get(bucket) ?? { busy: 0, all: 0 };
    counts.all++;
    if (!isIdle(id)) counts.busy++;
    buckets.set(bucket, counts);
  });
  for (const [at, { busy, all }] of buckets)
    console.log(
      `${String(at).padStart(7)} ms  ${"#".repeat(Math.round((20 * busy) / all)).padEnd(20)} ${Math.round((100 * busy) / all)}% busy`,
    );
  process.exit(0);
}

const self = new Map();
const byPackage = new Map();
const ours = new Map();
let busy = 0;
const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
profile.samples.forEach((id, i) => {
  if (sampledAt[i] < Number(from) || sampledAt[i] > Number(to) || isIdle(id)) return;
  busy++;
  const frame = nodes.get(id).callFrame;
  add(self, nameOf(frame));
  add(
    byPackage,
    frame.url
      ? short(frame.url)
          .split(":")[0]
          .replace(/\/[^/]*$/, "")
      : frame.functionName,
  );
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const caller = nodes.get(at).callFrame;
    if (!/\/(game-server|ledger|projections|shared)\/src\//.test(caller.url)) continue;
    const name = nameOf(caller);
    if (!seen.has(name)) add(ours, name);
    seen.add(name);
  }
});
const table = (title, map, rows) => {
  console.log(`\n${title}`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(
      `${(count * sampleMs).toFixed(0).padStart(6)} ms ${((100 * count) / busy).toFixed(1).padStart(5)}%  ${key}`,
    );
};
console.log(`busy ${(busy * sampleMs).toFixed(0)} ms between ${from} and ${to} ms`);
table("by package or module (self)", byPackage, 25);
table("functions (self)", self, 30);
table(
  "the project's functions (total: with what they called)",
  ours,
  Number(process.env.ROWS ?? 30),
);

import { LocalPresence, matchMaker } from "@colyseus/core";
import { withoutPm2Agent } from "../src/realtime/pm2-agent.ts";

// pm2-agent.int.spec.ts: sets Colyseus' matchmaker up as the server does (`without`: through
// withoutPm2Agent; `with`: alone, as before), then leaves a rejection unhandled.
const setup = () => matchMaker.setup(new LocalPresence());
await (process.argv[2] === "without" ? withoutPm2Agent(setup) : setup());
await new Promise((resolve) => setTimeout(resolve, 300));
Promise.reject(new Error("Nobody handles this rejection."));
setTimeout(() => process.exit(0), 1_000);

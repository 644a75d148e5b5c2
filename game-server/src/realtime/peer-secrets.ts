import { createHmac } from "node:crypto";
import type { Presence } from "@colyseus/core";
import { StartupError } from "../database/embedded-postgres.ts";

const PEERS = "igp:peers";
const peerKey = (processId: string) => `igp:peer:${processId}`;
const TTL_SECONDS = 30;
const REFRESH_MS = 10_000;

/** The secrets every process of a deployment must share, by setting name. */
export type SharedSecrets = Record<
  "JWT_SECRET" | "FAIRNESS_SECRET" | "CODE_SECRET" | "IMAGE_LINK_SECRET",
  string
>;

/** A digest of each secret: equal secrets give equal digests, and a digest reveals nothing. */
export function fingerprints(secrets: SharedSecrets): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).map(([name, secret]) => [
      name,
      createHmac("sha256", secret).update("igp peer fingerprint").digest("hex").slice(0, 32),
    ]),
  );
}

/**
 * Processes sharing Redis must share their secrets: a token signed by one is checked by the
 * others, a server seed derived in one is revealed by another. Each process publishes its
 * secrets' fingerprints under its id (expiring unless refreshed) and refuses to start when a
 * live peer's differ, naming the setting. It checks again after publishing its own, so two
 * processes started together with different secrets cannot both carry on.
 */
export async function joinPeers(presence: Presence, processId: string, secrets: SharedSecrets) {
  const mine = fingerprints(secrets);
  await checkPeers(presence, processId, mine);
  const publish = async () => {
    await presence.setex(peerKey(processId), JSON.stringify(mine), TTL_SECONDS);
    await presence.sadd(PEERS, processId);
  };
  await publish();
  try {
    await checkPeers(presence, processId, mine);
  } catch (error) {
    await leave(presence, processId);
    throw error;
  }
  const timer = setInterval(() => void publish().catch(() => {}), REFRESH_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await leave(presence, processId).catch(() => {});
    },
  };
}

async function checkPeers(presence: Presence, processId: string, mine: Record<string, string>) {
  for (const peer of await presence.smembers(PEERS)) {
    if (peer === processId) continue;
    const theirs = await presence.get(peerKey(peer));
    if (!theirs) {
      await presence.srem(PEERS, peer);
      continue;
    }
    const differing = Object.keys(mine).filter((name) => JSON.parse(theirs)[name] !== mine[name]);
    if (differing.length > 0)
      throw new StartupError(
        `Refusing to start: ${differing.join(", ")} differ(s) from a running process (${peer}) that shares this REDIS_URL. Every process of a deployment needs the same secrets.`,
      );
  }
}

async function leave(presence: Presence, processId: string) {
  await presence.srem(PEERS, processId);
  await presence.del(peerKey(processId));
}

import type { Room } from "@colyseus/sdk";
import { type RequestChange, type RequestsChanged, STAFF_ROOM } from "@igp/shared";
import { type ClusterNode, clusterEnv, startNode } from "@igp/test-support/cluster.ts";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { signInSuperAdmin, signUpPlayer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { redisMissing, startRedis, type TestRedis } from "@igp/test-support/redis.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The staff channel across two processes on one database and Redis: a staff screen on each
 * process hears of a request asked through the other and of its approval through either.
 */
describe.skipIf(redisMissing)(
  `the staff channel on two processes (${redisMissing ?? "redis-server"})`,
  () => {
    let redis: TestRedis;
    let a: ClusterNode;
    let b: ClusterNode;
    beforeAll(async () => {
      redis = await startRedis();
      const databaseUrl = await createTestDatabase();
      a = await startNode("A", await clusterEnv(databaseUrl, redis.url));
      b = await startNode("B", await clusterEnv(databaseUrl, redis.url));
    }, 150_000);
    afterAll(async () => {
      await Promise.all([a?.server.stop(), b?.server.stop()]);
      await redis?.stop();
    });

    async function staffScreen(node: ClusterNode, token: string, userId: string) {
      const room: Room = await node.client(token).joinOrCreate(STAFF_ROOM, { userId });
      const changes: RequestChange[] = [];
      room.onMessage("requestsChanged", (message: RequestsChanged) =>
        changes.push(...message.changes),
      );
      room.send("catchUp", { after: null });
      return { room, changes };
    }

    async function until(check: () => boolean) {
      for (let i = 0; i < 200 && !check(); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(check()).toBe(true);
    }

    it("tells screens on both processes of a request asked on one and approved on the other", async () => {
      const root = await signInSuperAdmin(a);
      const bank = form(
        { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
        { field: "bankLogo", bytes: await pngImage() },
      );
      expect(
        (await a.call("POST", "/api/banks/create", { token: root.token, body: bank })).status,
      ).toBe(201);
      const onA = await staffScreen(a, root.token, root.userId);
      const onB = await staffScreen(b, root.token, root.userId);

      const player = await signUpPlayer(b, "Cluster Depositor");
      const body = form(
        { method: "CBE", amount: 70, accountNumber: "100200", transactionId: "FT70" },
        { field: "screenshot", bytes: await pngImage() },
      );
      const asked = await b.call("POST", "/api/wallet/deposit/request", {
        token: player.token,
        body,
      });
      const id = asked.body.transactionId as string;
      for (const screen of [onA, onB])
        await until(() => screen.changes.some((c) => c.id === id && c.status === "pending"));

      const approved = await a.call("POST", `/api/admin/deposit/approve/${id}`, {
        token: root.token,
        body: {},
      });
      expect(approved.status).toBe(200);
      for (const screen of [onA, onB])
        await until(() => screen.changes.some((c) => c.id === id && c.status === "approved"));
      // Each screen is told each change once.
      for (const screen of [onA, onB])
        expect(screen.changes.filter((c) => c.id === id)).toHaveLength(2);
      await Promise.all([onA.room.leave(), onB.room.leave()]);
    }, 60_000);
  },
);

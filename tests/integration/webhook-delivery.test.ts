import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, inject, it } from "vitest";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type PreviousSecret } from "@/db/schema";
import { newWebhookSecret } from "@/lib/webhooks/new-webhook-secret";
import { api, newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { createPaymentAt } from "../support/pay-steps";
import type { RunningServer } from "../support/server";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../support/webhook-receiver";
import { registerEndpoint, verifyWithBoth } from "../support/webhooks";

// The integration server retries on WEBHOOK_RETRY_SCHEDULE=1s,2s,4s (tests/support/global-setup.ts).

const server = { url: inject("baseUrl") } as RunningServer;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function receiver(answer?: (n: number) => number | "hang"): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver({ answer });
  closers.push(r.close);
  return r;
}

async function deliveriesOf(endpointId: string) {
  const { db } = testDb();
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  const attempts = await db
    .select({
      deliveryId: webhookAttempts.deliveryId,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      body: webhookAttempts.responseBody,
      durationMs: webhookAttempts.durationMs,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookAttempts.attempt));
  return { rows, attempts };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const gaps = (received: ReceivedWebhook[]) => received.slice(1).map((r, i) => r.at - received[i]!.at);
const idOf = (r: ReceivedWebhook) => r.headers["webhook-id"];

/** Moves the end of the chosen replaced secrets' overlap (by position, oldest first) to now, as if their 24 hours had passed. */
async function endOverlaps(endpointId: string, which: (p: PreviousSecret, index: number) => boolean): Promise<void> {
  const { db } = testDb();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  const ended = new Date(Date.now() - 1000).toISOString();
  const previousSecrets = row!.previousSecrets.map((p, i) => (which(p, i) ? { ...p, expiresAt: ended } : p));
  await db.update(webhookEndpoints).set({ previousSecrets }).where(eq(webhookEndpoints.id, endpointId));
}

describe("webhook delivery", () => {
  it("retries a failing receiver on the schedule: 500 twice, then the third attempt lands, 1 s and 2 s apart, same event id", async () => {
    const merchant = await newMerchant();
    const r = await receiver((n) => (n <= 2 ? 500 : 200));
    const endpoint = await registerEndpoint(merchant, r.url);
    await createPaymentAt(server, merchant, "1301");

    const received = await r.waitFor(3, 20_000);
    received.forEach((one) => verifyWithBoth(one, endpoint.secret));
    expect(new Set(received.map(idOf)).size).toBe(1);
    const [first, second] = gaps(received) as [number, number];
    expect(first).toBeGreaterThanOrEqual(1000);
    expect(first).toBeLessThan(2000);
    expect(second).toBeGreaterThanOrEqual(2000);
    expect(second).toBeLessThan(3000);

    const { rows, attempts } = await until(
      () => deliveriesOf(endpoint.id),
      (d) => d.rows[0]?.status === "succeeded",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", attemptCount: 3, lastStatusCode: 200 });
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(attempts[0]!.body).toBe("answered 500");
  });

  it("gives up after the last wait of the schedule: four attempts, then failed", async () => {
    const merchant = await newMerchant();
    const r = await receiver(() => 503);
    const endpoint = await registerEndpoint(merchant, r.url);
    await createPaymentAt(server, merchant, "1302");

    const { rows, attempts } = await until(
      () => deliveriesOf(endpoint.id),
      (d) => d.rows[0]?.status === "failed",
      20_000,
    );
    expect(rows[0]).toMatchObject({ status: "failed", attemptCount: 4, nextAttemptAt: null });
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 503, 503, 503]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(r.received).toHaveLength(4);
    const [endpointRow] = await testDb().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(endpointRow!.failingSince).not.toBeNull();
  });

  it("does not follow redirects: a 302 is a failed attempt", async () => {
    const merchant = await newMerchant();
    const target = await receiver();
    const redirecting = createServer((_req, res) => res.writeHead(302, { location: target.url }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => redirecting.close(() => resolve())));
    const endpoint = await registerEndpoint(
      merchant,
      `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hooks`,
    );
    await createPaymentAt(server, merchant, "1303");

    const { attempts } = await until(
      () => deliveriesOf(endpoint.id),
      (d) => d.attempts.length >= 2,
    );
    expect(attempts.slice(0, 2).map((a) => a.statusCode)).toEqual([302, 302]);
    expect(target.received).toHaveLength(0);
  });

  it("a rotated secret: both signatures for the overlap, then only the new one", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    const endpoint = await registerEndpoint(merchant, r.url);
    const rotated = await api(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: "POST", merchant });
    expect(rotated.status).toBe(200);
    const { secret: newSecret, previousSecretExpiresAt } = (await rotated.json()) as {
      secret: string;
      previousSecretExpiresAt: string;
    };
    expect(Math.abs(Date.parse(previousSecretExpiresAt) - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    await createPaymentAt(server, merchant, "1304");
    const [during] = await r.waitFor(1);
    verifyWithBoth(during!, endpoint.secret);
    verifyWithBoth(during!, newSecret);
    expect(String(during!.headers["webhook-signature"]).split(" ")).toHaveLength(2);

    // A day later (the overlap's end, moved to now): only the new secret signs.
    await endOverlaps(endpoint.id, () => true);
    await createPaymentAt(server, merchant, "1305");
    const after = (await r.waitFor(2))[1]!;
    verifyWithBoth(after, newSecret);
    expect(() => verifyWithBoth(after, endpoint.secret)).toThrow();
  });

  it("rotated twice within a day: the first replaced secret keeps signing until its own 24 hours end", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    const endpoint = await registerEndpoint(merchant, r.url);
    const rotate = async () => {
      const res = await api(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: "POST", merchant });
      expect(res.status).toBe(200);
      return ((await res.json()) as { secret: string }).secret;
    };
    const second = await rotate();
    const third = await rotate();
    await createPaymentAt(server, merchant, "1306");
    const [during] = await r.waitFor(1);
    // A receiver still on the first secret, one that switched to the second, and one on the newest all verify.
    for (const secret of [endpoint.secret, second, third]) verifyWithBoth(during!, secret);
    expect(String(during!.headers["webhook-signature"]).split(" ")).toHaveLength(3);

    // The first replaced secret's day ends (moved to now); the second's has not.
    await endOverlaps(endpoint.id, (_, i) => i === 0);
    await createPaymentAt(server, merchant, "1307");
    const after = (await r.waitFor(2))[1]!;
    verifyWithBoth(after, second);
    verifyWithBoth(after, third);
    expect(() => verifyWithBoth(after, endpoint.secret)).toThrow();
  });

  it("a hanging endpoint does not hold up another merchant's, and a huge answer is cut at 1 KB", async () => {
    const slow = await newMerchant();
    const hanging = await receiver(() => "hang");
    await registerEndpoint(slow, hanging.url);
    // More deliveries than one merchant's share of the worker's slots (a quarter of 128): the rest wait.
    await Promise.all(Array.from({ length: 70 }, (_, i) => createPaymentAt(server, slow, `${1410 + i}`)));
    await hanging.waitFor(32);

    const huge = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(64 * 1024);
      const pump = () => {
        while (res.write(chunk));
      };
      res.on("drain", pump);
      pump();
    });
    await new Promise<void>((resolve) => huge.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => (huge.closeAllConnections(), huge.close(() => resolve()))));
    const quick = await newMerchant();
    const endpoint = await registerEndpoint(quick, `http://127.0.0.1:${(huge.address() as AddressInfo).port}/hooks`);
    const started = Date.now();
    await createPaymentAt(server, quick, "1420");
    const { rows, attempts } = await until(
      () => deliveriesOf(endpoint.id),
      (d) => d.rows[0]?.status === "succeeded",
      10_000,
    );
    expect(rows[0]?.status).toBe("succeeded");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(attempts[0]!.body).toHaveLength(1024);
    expect(hanging.received).toHaveLength(32);
  });
});

describe("webhook signatures", () => {
  it("a receiver holding another secret refuses the event", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    await registerEndpoint(merchant, r.url);
    await createPaymentAt(server, merchant, "1306");
    const [one] = await r.waitFor(1);
    expect(() => new Webhook(newWebhookSecret()).verify(one!.body, one!.headers as Record<string, string>)).toThrow();
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import { newWebhookSecret } from "@/lib/webhooks/new-webhook-secret";
import { createPaymentAt } from "../support/pay-steps";
import { kill, proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { verifyWithBoth } from "../support/webhooks";

// App instances of their own on scratch databases: two workers sharing one outbox, a worker killed
// (SIGKILL) in the middle of an attempt, and a server that refuses private addresses.

const setups: ProxiedSetup[] = [];
const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await Promise.all(setups.map((s) => s.close()));
});

async function setupWith(name: string, answer?: (n: number) => number | "hang") {
  const setup = await proxiedSetup(name);
  setups.push(setup);
  const receiver = await startWebhookReceiver({ answer });
  receivers.push(receiver);
  return { setup, receiver };
}

async function endpointFor(setup: ProxiedSetup, url: string) {
  const id = newId("whe");
  const secret = newWebhookSecret();
  await setup.db.insert(webhookEndpoints).values({ id, merchantId: setup.merchant.merchantId, url, secret });
  return { id, secret };
}

const allowPrivate = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SCHEDULE: "1s,2s,4s" };

describe.concurrent("webhook workers across instances", { timeout: 180_000 }, () => {
  it("two instances on one database deliver each event once: every attempt claimed by one worker", async () => {
    // The receiver takes a moment per request, so both workers have claims in flight at the same time.
    const { setup, receiver } = await setupWith("hooks_two", () => 200);
    const endpoint = await endpointFor(setup, receiver.url);
    const [a, b] = await Promise.all([setup.start("a", allowPrivate), setup.start("b", allowPrivate)]);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => createPaymentAt(i % 2 ? a : b, setup.merchant, `${100 + i}`)),
    );

    const received = await receiver.waitFor(60, 60_000);
    received.forEach((r) => verifyWithBoth(r, endpoint.secret));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.received).toHaveLength(60);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(60);
    const [counted] = await setup.db.select({ attempts: sql<number>`count(*)::int` }).from(webhookAttempts);
    expect(counted!.attempts).toBe(60);
    const pending = await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, "pending"));
    expect(pending).toHaveLength(0);
  });

  it("an instance killed during an attempt: the attempt is made again after restart, once", async () => {
    const { setup, receiver } = await setupWith("hooks_crash", (n) => (n === 1 ? "hang" : 200));
    const endpoint = await endpointFor(setup, receiver.url);
    // A short timeout makes the lease (timeout + 10 s) short enough for a test.
    const settings = { ...allowPrivate, WEBHOOK_TIMEOUT_MS: "2000" };
    const a = await setup.start("a", settings);
    await createPaymentAt(a, setup.merchant, "201");
    await receiver.waitFor(1);
    kill(a);
    const [claimed] = await setup.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    // The claim counted the attempt: if no result ever comes, the schedule still moves on.
    expect(claimed).toMatchObject({ status: "pending", attemptCount: 1, claimToken: expect.any(String) });

    await setup.start("b", settings);
    const [first, second] = await receiver.waitFor(2, 60_000);
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    verifyWithBoth(second!, endpoint.secret);
    const deadline = Date.now() + 10_000;
    let done = (
      await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    )[0];
    while (done?.status === "pending" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      done = (await setup.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0];
    }
    expect(done).toMatchObject({ status: "succeeded", attemptCount: 2, claimToken: null });
    // The log says what became of the attempt the killed instance made.
    const log = await setup.db
      .select({
        attempt: webhookAttempts.attempt,
        statusCode: webhookAttempts.statusCode,
        error: webhookAttempts.error,
      })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, done!.id))
      .orderBy(webhookAttempts.attempt);
    expect(log).toEqual([
      { attempt: 1, statusCode: null, error: expect.stringMatching(/^no result recorded/) },
      { attempt: 2, statusCode: 200, error: null },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(2);
  });

  it("without WEBHOOK_ALLOW_PRIVATE, delivery refuses a loopback address when it connects, by name or by number", async () => {
    const { setup, receiver } = await setupWith("hooks_private");
    // Rows as a registration would have left them had DNS pointed elsewhere then (registration refuses these, below).
    const byName = await endpointFor(setup, receiver.url.replace("127.0.0.1", "localhost"));
    const byNumber = await endpointFor(setup, receiver.url);
    const server = await setup.start("a", { WEBHOOK_RETRY_SCHEDULE: "1s" });
    // Registration refuses them outright, with the reason.
    for (const url of [
      "https://localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://169.254.169.254/latest",
      "https://10.1.2.3/",
      "https://[::1]/",
      "http://127.0.0.1:9/hooks",
    ]) {
      const res = await fetch(`${server.url}/v1/webhook-endpoints`, {
        method: "POST",
        headers: {
          "api-key": setup.merchant.apiKey,
          "merchant-id": setup.merchant.merchantId,
          "content-type": "application/json",
        },
        body: JSON.stringify({ url }),
      });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { code: string }).code, url).toBe("webhook_url_not_allowed");
    }
    await createPaymentAt(server, setup.merchant, "301");

    const attemptsOf = (endpointId: string) =>
      setup.db
        .select({ error: webhookAttempts.error, statusCode: webhookAttempts.statusCode })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(eq(webhookDeliveries.endpointId, endpointId));
    const deadline = Date.now() + 30_000;
    while ((await attemptsOf(byName.id)).length < 2 || (await attemptsOf(byNumber.id)).length < 2) {
      if (Date.now() > deadline) throw new Error("no attempts recorded");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const attempt of [...(await attemptsOf(byName.id)), ...(await attemptsOf(byNumber.id))]) {
      expect(attempt.statusCode).toBeNull();
      expect(attempt.error).toMatch(
        /^refused: (localhost does not resolve to public addresses only|127\.0\.0\.1 is not a public address)$/,
      );
    }
    expect(receiver.received).toHaveLength(0);
  });
});

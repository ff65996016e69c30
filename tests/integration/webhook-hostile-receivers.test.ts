import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestMerchant } from "../support/api";
import { startWebhookReceiver, type Answer, type WebhookReceiver } from "../support/webhook-receiver";
import { startWebhookServer, type WebhookServer } from "../support/webhooks";

// Receivers that misbehave on purpose, each against a server of its own: one retrying every second and
// disabling an endpoint after 2.5 s of failures, one whose timeouts are short enough to watch shrink.

let hostile: WebhookServer;
let slow: WebhookServer;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  [hostile, slow] = await Promise.all([
    startWebhookServer("hooks_hostile", {
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s,1s,1s,1s",
      WEBHOOK_DISABLE_AFTER: "2500ms",
      // The noisy merchant below sends far more test events than a merchant may by default.
      WEBHOOK_TESTS_PER_MINUTE: "1000",
    }),
    startWebhookServer("hooks_slow", {
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_RETRY_SCHEDULE: "100ms,100ms,100ms,100ms",
      WEBHOOK_TIMEOUT_MS: "2000",
      WEBHOOK_MIN_TIMEOUT_MS: "250",
    }),
  ]);
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await Promise.all([hostile?.close(), slow?.close()]);
});

async function receiver(
  answer: (n: number, path: string) => Answer,
  body?: (n: number) => string,
): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver({ answer, body });
  receivers.push(r);
  return r;
}

async function register(on: WebhookServer, merchant: TestMerchant, url: string): Promise<string> {
  const res = await on.call(merchant, { method: "POST", path: "/v1/webhook-endpoints", body: { url } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

type Endpoint = { id: string; disabled: boolean; disabledReason: string | null; disabledAt: string | null };
type Attempt = {
  attempt: number;
  startedAt: string;
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
};
type Delivery = { id: string; status: string; attemptCount: number; attempts: Attempt[] };

async function endpointOf(on: WebhookServer, merchant: TestMerchant, id: string): Promise<Endpoint> {
  const { data } = (await (await on.call(merchant, { method: "GET", path: "/v1/webhook-endpoints" })).json()) as {
    data: Endpoint[];
  };
  return data.find((e) => e.id === id)!;
}

async function deliveriesOf(on: WebhookServer, merchant: TestMerchant, id: string): Promise<Delivery[]> {
  return (
    (await (await on.call(merchant, { method: "GET", path: `/v1/webhook-endpoints/${id}/deliveries` })).json()) as {
      data: Delivery[];
    }
  ).data;
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe("webhooks under hostile receivers", () => {
  it("a receiver that answers a NUL byte gets its retry schedule, its answer is logged, and it is disabled on time", async () => {
    const merchant = await hostile.newMerchant();
    const r = await receiver(
      () => 500,
      () => "no\u0000pe",
    );
    const id = await register(hostile, merchant, r.url);
    expect((await hostile.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` })).status).toBe(
      202,
    );

    // Every second, as the schedule says (not once per 25 s lease), until the endpoint has failed for 2.5 s.
    const received = await r.waitFor(3, 10_000);
    for (const gap of gaps(received.map((one) => one.at))) {
      expect(gap).toBeGreaterThanOrEqual(950);
      expect(gap).toBeLessThan(2500);
    }
    await expect
      .poll(() => endpointOf(hostile, merchant, id), { timeout: 10_000 })
      .toMatchObject({
        disabled: true,
        disabledReason: "failing",
      });
    const [delivery] = await deliveriesOf(hostile, merchant, id);
    const first = Date.parse(delivery!.attempts[0]!.startedAt);
    const disabledAt = Date.parse((await endpointOf(hostile, merchant, id)).disabledAt!);
    expect(disabledAt - first).toBeGreaterThanOrEqual(2500);
    expect(disabledAt - first).toBeLessThan(5000);
    expect(delivery!.attempts.length).toBeGreaterThanOrEqual(3);
    for (const attempt of delivery!.attempts)
      expect(attempt).toMatchObject({ statusCode: 500, responseBody: "no\uFFFDpe" });

    // Disabled: nothing more is sent.
    const sent = r.received.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(r.received).toHaveLength(sent);
  });

  it("a receiver that accepts with a NUL byte in its answer gets the event once, delivered", async () => {
    const merchant = await hostile.newMerchant();
    const r = await receiver(
      () => 200,
      () => "ok\u0000",
    );
    const id = await register(hostile, merchant, r.url);
    await hostile.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` });
    await r.waitFor(1);
    await expect
      .poll(async () => (await deliveriesOf(hostile, merchant, id))[0]?.status, { timeout: 5000 })
      .toBe("succeeded");
    const [delivery] = await deliveriesOf(hostile, merchant, id);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.responseBody])).toEqual([[200, "ok\uFFFD"]]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(r.received).toHaveLength(1);
  });

  it("an endpoint that keeps timing out gets shorter timeouts, and its full timeout back once it answers", async () => {
    const merchant = await slow.newMerchant();
    const r = await receiver((n) => (n <= 4 ? "hang" : 200));
    const id = await register(slow, merchant, r.url);
    await slow.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` });
    await expect
      .poll(async () => (await deliveriesOf(slow, merchant, id))[0]?.status, { timeout: 15_000 })
      .toBe("succeeded");
    const [delivery] = await deliveriesOf(slow, merchant, id);
    const waited = delivery!.attempts.map((a) => a.durationMs);
    // 2000 ms, then halved per timeout in a row: 1000, 500, then the 250 ms floor; the fifth answers.
    [2000, 1000, 500, 250].forEach((timeout, i) => {
      expect(waited[i]).toBeGreaterThanOrEqual(timeout - 5);
      expect(waited[i]).toBeLessThan(timeout + 400);
    });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([null, null, null, null, 200]);
    expect(delivery!.attempts[0]!.error).toMatch(/timed out after 2000 ms/);
  });

  /** 50 test events to each of `ids`, ten requests at a time, each accepted (202). */
  async function floodTestEvents(merchant: Parameters<typeof hostile.call>[0], ids: string[]) {
    const sends = ids.flatMap((id) => Array.from({ length: 50 }, () => id));
    for (let i = 0; i < sends.length; i += 10)
      await Promise.all(
        sends.slice(i, i + 10).map(async (id) => {
          const res = await hostile.call(merchant, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` });
          expect(res.status).toBe(202);
        }),
      );
  }

  it("one merchant's hanging endpoints, flooded with test events, leave another merchant's event delivered under 1 s", async () => {
    const noisy = await hostile.newMerchant();
    const hanging = await Promise.all([1, 2, 3].map(() => receiver(() => "hang")));
    const ids = await Promise.all(hanging.map((h) => register(hostile, noisy, h.url)));
    await floodTestEvents(noisy, ids);
    const arrived = () => hanging.reduce((n, h) => n + h.received.length, 0);
    await expect.poll(arrived, { timeout: 10_000 }).toBeGreaterThanOrEqual(32);

    const quiet = await hostile.newMerchant();
    const r = await receiver(() => 200);
    const id = await register(hostile, quiet, r.url);
    const started = Date.now();
    expect((await hostile.call(quiet, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` })).status).toBe(202);
    const [one] = await r.waitFor(1, 20_000);
    expect(one!.at - started).toBeLessThan(1000);
    // The noisy merchant holds no more than its share (a quarter of the 128 slots) however many it queued.
    expect(arrived()).toBeLessThanOrEqual(32);
  });

  it("one merchant's hanging endpoints on a host that other merchants share leave that host's other endpoints delivered under 1 s", async () => {
    // One host, as a platform that hosts many shops is: the noisy merchant's paths hang, the others' answer.
    const host = await receiver((_n, path) => (path.includes("hang") ? "hang" : 200));
    const noisy = await hostile.newMerchant();
    const ids = await Promise.all([1, 2, 3].map((i) => register(hostile, noisy, `${host.url}?hang=${i}`)));
    await floodTestEvents(noisy, ids);
    // Half of the host's share (a quarter of the 128 slots) is as much as one merchant may hold there.
    await expect.poll(() => host.received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(16);

    const quiet = await hostile.newMerchant();
    const id = await register(hostile, quiet, `${host.url}?shop=quiet`);
    const started = Date.now();
    expect((await hostile.call(quiet, { method: "POST", path: `/v1/webhook-endpoints/${id}/test` })).status).toBe(202);
    const quietOne = () => host.received.find((r) => r.path.includes("quiet"));
    await expect.poll(quietOne, { timeout: 5000 }).toBeDefined();
    expect(quietOne()!.at - started).toBeLessThan(1000);
    expect(host.received.filter((r) => r.path.includes("hang")).length).toBeLessThanOrEqual(16);
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { api, newMerchant, type TestMerchant } from "../support/api";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { registerEndpoint } from "../support/webhooks";

// The integration server runs with the default limits: 16 endpoints per merchant, 20 test events and
// 30 resends per merchant per minute.

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

const call = (merchant: TestMerchant, { method, path, body }: { method: string; path: string; body?: unknown }) =>
  api(`/v1/webhook-endpoints${path}`, {
    method,
    merchant,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expectRateLimited(res: Response, what: RegExp): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe("rate_limited");
  expect(body.message).toMatch(what);
}

describe("webhook limits per merchant", () => {
  it("registers 16 endpoints and refuses the 17th with a clear 409, until one is deleted", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push((await registerEndpoint(merchant, `${r.url}?n=${i}`)).id);
    const refused = await call(merchant, { method: "POST", path: "", body: { url: `${r.url}?n=17` } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/at most 16 webhook endpoints/);
    const { data } = (await (await call(merchant, { method: "GET", path: "" })).json()) as { data: unknown[] };
    expect(data).toHaveLength(16);

    expect((await call(merchant, { method: "DELETE", path: `/${ids[0]}` })).status).toBe(200);
    expect((await call(merchant, { method: "POST", path: "", body: { url: `${r.url}?n=18` } })).status).toBe(201);
    // Another merchant is not counted against this one.
    expect((await call(await newMerchant(), { method: "POST", path: "", body: { url: r.url } })).status).toBe(201);
  });

  it("refuses test events beyond 20 a minute with 429 and Retry-After; another merchant's still go", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    const endpoint = await registerEndpoint(merchant, r.url);
    for (let i = 0; i < 20; i++)
      expect((await call(merchant, { method: "POST", path: `/${endpoint.id}/test` })).status).toBe(202);
    await expectRateLimited(
      await call(merchant, { method: "POST", path: `/${endpoint.id}/test` }),
      /20 test events per minute/,
    );
    const second = await registerEndpoint(merchant, r.url);
    await expectRateLimited(await call(merchant, { method: "POST", path: `/${second.id}/test` }), /test events/);
    await r.waitFor(20);

    const other = await newMerchant();
    const theirs = await registerEndpoint(other, r.url);
    expect((await call(other, { method: "POST", path: `/${theirs.id}/test` })).status).toBe(202);
  });

  it("refuses resends beyond 30 a minute with 429 and Retry-After, one delivery or every failed one", async () => {
    const merchant = await newMerchant();
    const r = await receiver();
    const endpoint = await registerEndpoint(merchant, r.url);
    const { deliveryId } = (await (await call(merchant, { method: "POST", path: `/${endpoint.id}/test` })).json()) as {
      deliveryId: string;
    };
    for (let i = 0; i < 29; i++)
      expect(
        (await call(merchant, { method: "POST", path: `/${endpoint.id}/deliveries/${deliveryId}/resend` })).status,
      ).toBe(200);
    const since = { since: new Date(Date.now() - 3600_000).toISOString() };
    expect((await call(merchant, { method: "POST", path: `/${endpoint.id}/resend-failed`, body: since })).status).toBe(
      200,
    );
    await expectRateLimited(
      await call(merchant, { method: "POST", path: `/${endpoint.id}/deliveries/${deliveryId}/resend` }),
      /30 resends per minute/,
    );
    await expectRateLimited(
      await call(merchant, { method: "POST", path: `/${endpoint.id}/resend-failed`, body: since }),
      /resends/,
    );
  });
});

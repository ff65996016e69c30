import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { api, newMerchant, type TestMerchant } from "../support/api";
import { dash, signUpUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../support/webhook-receiver";

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(answer?: (n: number) => number): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver({ answer });
  receivers.push(r);
  return r;
}

function call(
  merchant: TestMerchant,
  { method, path, body }: { method: string; path: string; body?: unknown },
): Promise<Response> {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  return api(`/v1/webhook-endpoints${path}`, {
    method,
    merchant,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Created = { id: string; url: string; events: string[] | null; secret: string; createdAt: string };
type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  status: string;
  attempts: { statusCode: number | null; durationMs: number; responseBody: string | null; startedAt: string }[];
};

async function createEndpoint(merchant: TestMerchant, body: unknown): Promise<Created> {
  const res = await call(merchant, { method: "POST", path: "", body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function deliveries(
  merchant: TestMerchant,
  endpointId: string,
  query = "",
): Promise<{ data: Delivery[]; nextCursor: string | null }> {
  const res = await call(merchant, { method: "GET", path: `/${endpointId}/deliveries${query}` });
  expect(res.status).toBe(200);
  return res.json();
}

/** The delivery once its attempt log has `attempts` entries (the worker records each answer after the receiver got it). */
async function deliveryWithAttempts(
  merchant: TestMerchant,
  { endpointId, deliveryId, attempts }: { endpointId: string; deliveryId: string; attempts: number },
): Promise<Delivery> {
  let found: Delivery | undefined;
  await expect
    .poll(
      async () => {
        found = (await deliveries(merchant, endpointId)).data.find((d) => d.id === deliveryId);
        return found?.attempts.length;
      },
      { timeout: 15_000 },
    )
    .toBe(attempts);
  return found!;
}

const verify = (secret: string, hit: ReceivedWebhook) =>
  new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as {
    id: string;
    type: string;
    data: Record<string, unknown>;
  };

describe("webhook endpoints API", () => {
  it("creates an endpoint with a whsec_ secret of 32 bytes, shown only at creation", async () => {
    const merchant = await newMerchant();
    const created = await createEndpoint(merchant, {
      url: "https://127.0.0.1/hooks",
      events: ["payment.succeeded", "payment.failed"],
    });
    expect(created.id).toMatch(/^whe_/);
    expect(created.events).toEqual(["payment.succeeded", "payment.failed"]);
    expect(created.secret).toMatch(/^whsec_/);
    expect(Buffer.from(created.secret.slice("whsec_".length), "base64")).toHaveLength(32);
    const all = await createEndpoint(merchant, { url: "https://127.0.0.1/all" });
    expect(all.events).toBeNull();

    const listed = await call(merchant, { method: "GET", path: "" });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(created.secret.slice(6));
    expect(text).not.toContain(all.secret.slice(6));
    const { data } = JSON.parse(text) as { data: Record<string, unknown>[] };
    expect(data.map((e) => e.id).sort()).toEqual([created.id, all.id].sort());
    for (const e of data) expect(Object.keys(e).filter((k) => /secret/i.test(k))).toEqual([]);
    expect(data.find((e) => e.id === created.id)).toMatchObject({
      url: "https://127.0.0.1/hooks",
      disabled: false,
      disabledReason: null,
      failingSince: null,
    });
  });

  it("refuses unknown event types and URLs that are not https to a host it may reach", async () => {
    const merchant = await newMerchant();
    const unknown = await call(merchant, {
      method: "POST",
      path: "",
      body: { url: "https://127.0.0.1/hooks", events: ["payment.exploded"] },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe("params_validation");
    for (const url of ["ftp://127.0.0.1/hooks", "http://example.com/hooks", "not a url"]) {
      const res = await call(merchant, { method: "POST", path: "", body: { url } });
      expect(res.status, url).toBe(400);
      expect((await res.json()).code, url).toBe("webhook_url_not_allowed");
    }
    expect((await call(merchant, { method: "POST", path: "", body: {} })).status).toBe(400);
    expect((await (await call(merchant, { method: "GET", path: "" })).json()).data).toEqual([]);
  });

  it("keeps merchants apart: another merchant's endpoint and deliveries are 404 to every action, and stay untouched", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const hooks = await receiver();
    const endpoint = await createEndpoint(a, { url: hooks.url });
    const { deliveryId } = await (await call(a, { method: "POST", path: `/${endpoint.id}/test` })).json();
    await hooks.waitFor(1);
    const own = await createEndpoint(b, { url: "https://127.0.0.1/b" });

    const attempts: [string, string, unknown?][] = [
      ["DELETE", `/${endpoint.id}`],
      ["POST", `/${endpoint.id}/rotate-secret`],
      ["POST", `/${endpoint.id}/test`],
      ["POST", `/${endpoint.id}/disable`],
      ["POST", `/${endpoint.id}/enable`],
      ["GET", `/${endpoint.id}/deliveries`],
      ["POST", `/${endpoint.id}/deliveries/${deliveryId}/resend`],
      ["POST", `/${endpoint.id}/resend-failed`, { since: "2020-01-01T00:00:00Z" }],
      // A's delivery through B's own endpoint is not B's either.
      ["POST", `/${own.id}/deliveries/${deliveryId}/resend`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(b, { method, path, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).code, `${method} ${path}`).toBe("not_found");
    }
    expect((await (await call(b, { method: "GET", path: "" })).json()).data.map((e: { id: string }) => e.id)).toEqual([
      own.id,
    ]);
    // Nothing B tried reached A's endpoint: still there, enabled, one delivery, one request.
    expect((await (await call(a, { method: "GET", path: "" })).json()).data).toMatchObject([
      { id: endpoint.id, disabled: false },
    ]);
    expect((await deliveries(a, endpoint.id)).data).toHaveLength(1);
    expect(hooks.received).toHaveLength(1);
    // Without credentials, nothing at all.
    expect((await api("/v1/webhook-endpoints")).status).toBe(401);
  });

  it("delivers a signed test event (live: false) that standardwebhooks verifies, logs the attempt, and resends it on request", async () => {
    const merchant = await newMerchant();
    const hooks = await receiver();
    const endpoint = await createEndpoint(merchant, { url: hooks.url, events: ["payment.created"] });

    const sent = await call(merchant, { method: "POST", path: `/${endpoint.id}/test` });
    expect(sent.status).toBe(202);
    const { eventId, deliveryId } = await sent.json();
    const [first] = await hooks.waitFor(1);
    const event = verify(endpoint.secret, first!);
    expect(event).toMatchObject({
      id: eventId,
      type: "payment.succeeded",
      data: { live: false, merchant_id: merchant.merchantId, status: "succeeded" },
    });
    expect(first!.headers["webhook-id"]).toBe(eventId);
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, first!)).toThrow();

    const logged = await deliveryWithAttempts(merchant, { endpointId: endpoint.id, deliveryId, attempts: 1 });
    expect(logged).toMatchObject({ eventId, eventType: "payment.succeeded", paymentId: null, status: "succeeded" });
    expect(logged.attempts[0]).toMatchObject({ statusCode: 200, responseBody: "ok" });
    expect(logged.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);

    const resent = await call(merchant, { method: "POST", path: `/${endpoint.id}/deliveries/${deliveryId}/resend` });
    expect(resent.status).toBe(200);
    const [, second] = await hooks.waitFor(2);
    // The same event again (a receiver deduplicates on its id), signed afresh.
    expect(verify(endpoint.secret, second!)).toMatchObject({ id: eventId });
    expect(second!.body).toBe(first!.body);
    expect(
      (await deliveryWithAttempts(merchant, { endpointId: endpoint.id, deliveryId, attempts: 2 })).attempts.map(
        (a) => a.statusCode,
      ),
    ).toEqual([200, 200]);
  });

  it("sends a test event of the type asked for, and pages the log newest first", async () => {
    const merchant = await newMerchant();
    const hooks = await receiver();
    const endpoint = await createEndpoint(merchant, { url: hooks.url });
    const one = await (
      await call(merchant, { method: "POST", path: `/${endpoint.id}/test`, body: { type: "payment.failed" } })
    ).json();
    const two = await (
      await call(merchant, { method: "POST", path: `/${endpoint.id}/test`, body: { type: "payment.cancelled" } })
    ).json();
    const got = await hooks.waitFor(2);
    const byType = Object.fromEntries(got.map((hit) => verify(endpoint.secret, hit)).map((e) => [e.type, e.data]));
    expect(byType["payment.failed"]).toMatchObject({
      status: "failed",
      failed: { failure_reason: "insufficient allowance" },
      processing: null,
    });
    expect(byType["payment.cancelled"]).toMatchObject({
      status: "cancelled",
      cancelled: { cancellation_reason: "merchant cancelled" },
    });
    expect(
      (await call(merchant, { method: "POST", path: `/${endpoint.id}/test`, body: { type: "payment.nope" } })).status,
    ).toBe(400);

    const page1 = await deliveries(merchant, endpoint.id, "?limit=1");
    expect(page1.data.map((d) => d.id)).toEqual([two.deliveryId]);
    const page2 = await deliveries(merchant, endpoint.id, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.data.map((d) => d.id)).toEqual([one.deliveryId]);
    expect(page2.nextCursor).toBeNull();
    expect((await call(merchant, { method: "GET", path: `/${endpoint.id}/deliveries?limit=0` })).status).toBe(400);
  });

  it("rotates the secret: the new one is returned once, and for a day both old and new verify", async () => {
    const merchant = await newMerchant();
    const hooks = await receiver();
    const endpoint = await createEndpoint(merchant, { url: hooks.url });
    const res = await call(merchant, { method: "POST", path: `/${endpoint.id}/rotate-secret` });
    expect(res.status).toBe(200);
    const rotated = await res.json();
    expect(rotated.id).toBe(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const overlap = new Date(rotated.previousSecretExpiresAt).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThan(24.1 * 3600_000);

    await call(merchant, { method: "POST", path: `/${endpoint.id}/test` });
    const [hit] = await hooks.waitFor(1);
    expect(verify(rotated.secret, hit!).type).toBe("payment.succeeded");
    expect(verify(endpoint.secret, hit!).type).toBe("payment.succeeded");
  });

  it("disable holds deliveries and refuses tests; enable sends what waited", async () => {
    const merchant = await newMerchant();
    const hooks = await receiver();
    const endpoint = await createEndpoint(merchant, { url: hooks.url });
    const disabled = await call(merchant, { method: "POST", path: `/${endpoint.id}/disable` });
    expect(await disabled.json()).toMatchObject({ id: endpoint.id, disabled: true, disabledReason: "merchant" });
    const refused = await call(merchant, { method: "POST", path: `/${endpoint.id}/test` });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("invalid_state");

    // As if five failing days had disabled it since: enabling clears that too, and the failing streak.
    await testDb()
      .db.update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 5 * 24 * 3600_000), disabledReason: "failing" })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const enabled = await call(merchant, { method: "POST", path: `/${endpoint.id}/enable` });
    expect(await enabled.json()).toMatchObject({
      disabled: false,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
    await call(merchant, { method: "POST", path: `/${endpoint.id}/test` });
    await hooks.waitFor(1);
  });

  it("resends every failed delivery since a time, once the receiver is back", async () => {
    const merchant = await newMerchant();
    let up = false;
    const hooks = await receiver(() => (up ? 200 : 503));
    const endpoint = await createEndpoint(merchant, { url: hooks.url });
    const since = new Date().toISOString();
    const { deliveryId } = await (await call(merchant, { method: "POST", path: `/${endpoint.id}/test` })).json();
    // The test server's schedule (1s, 2s, 4s): four attempts, then failed for good.
    const failed = await deliveryWithAttempts(merchant, { endpointId: endpoint.id, deliveryId, attempts: 4 });
    await expect
      .poll(async () => (await deliveries(merchant, endpoint.id)).data[0]?.status, { timeout: 10_000 })
      .toBe("failed");
    expect(failed.attempts.map((a) => a.statusCode)).toEqual([503, 503, 503, 503]);
    expect(failed.attempts[0]!.responseBody).toBe("answered 503");
    expect((await (await call(merchant, { method: "GET", path: "" })).json()).data[0].failingSince).not.toBeNull();

    up = true;
    const later = await call(merchant, {
      method: "POST",
      path: `/${endpoint.id}/resend-failed`,
      body: {
        since: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(await later.json()).toEqual({ resent: 0 });
    const res = await call(merchant, { method: "POST", path: `/${endpoint.id}/resend-failed`, body: { since } });
    expect(await res.json()).toEqual({ resent: 1 });
    await hooks.waitFor(5);
    const back = await deliveryWithAttempts(merchant, { endpointId: endpoint.id, deliveryId, attempts: 5 });
    expect(back.status, JSON.stringify(back)).toBe("succeeded");
    expect(
      (await call(merchant, { method: "POST", path: `/${endpoint.id}/resend-failed`, body: { since: "yesterday" } }))
        .status,
    ).toBe(400);
  });

  it("delete takes effect at once: pending deliveries fail, retries stop, the endpoint is gone from every route", async () => {
    const merchant = await newMerchant();
    const hooks = await receiver(() => 500);
    const endpoint = await createEndpoint(merchant, { url: hooks.url });
    const { deliveryId } = await (await call(merchant, { method: "POST", path: `/${endpoint.id}/test` })).json();
    await hooks.waitFor(1);

    const res = await call(merchant, { method: "DELETE", path: `/${endpoint.id}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: endpoint.id, deleted: true });
    const [row] = await testDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row).toMatchObject({ status: "failed", lastError: "endpoint deleted", nextAttemptAt: null });
    // The first retry was due a second after the first attempt; give it three.
    await new Promise((r) => setTimeout(r, 3000));
    expect(hooks.received).toHaveLength(1);
    expect((await (await call(merchant, { method: "GET", path: "" })).json()).data).toEqual([]);
    for (const [method, path] of [
      ["DELETE", ""],
      ["POST", "/test"],
      ["POST", "/rotate-secret"],
      ["GET", "/deliveries"],
    ] as const) {
      expect((await call(merchant, { method, path: `/${endpoint.id}${path}` })).status, `${method} ${path}`).toBe(404);
    }
  });

  it("the dashboard's webhook routes need the session and its CSRF token, and act on the session's merchant only", async () => {
    const [user, other] = await Promise.all([
      signUpUser({ businessName: "Hook Shop" }),
      signUpUser({ businessName: "Other Shop" }),
    ]);
    const hooks = await receiver();
    const body = { url: hooks.url, events: ["payment.succeeded"] };
    const forged = await dash("/dashboard/api/webhooks", {
      method: "POST",
      user: { cookie: user.cookie, csrfToken: "wrong" },
      json: body,
    });
    expect(forged.status).toBe(403);
    expect((await dash("/dashboard/api/webhooks", { method: "POST", json: body })).status).toBe(401);
    const created = await dash("/dashboard/api/webhooks", { method: "POST", user, json: body });
    expect(created.status).toBe(201);
    const { id, secret } = await created.json();
    expect(secret).toMatch(/^whsec_/);

    for (const [method, path] of [
      ["POST", "/test"],
      ["POST", "/rotate-secret"],
      ["POST", "/disable"],
      ["DELETE", ""],
    ] as const) {
      const res = await dash(`/dashboard/api/webhooks/${id}${path}`, {
        method,
        user: other,
        json: method === "POST" ? {} : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const sent = await dash(`/dashboard/api/webhooks/${id}/test`, {
      method: "POST",
      user,
      json: { type: "payment.created" },
    });
    expect(sent.status).toBe(202);
    const [hit] = await hooks.waitFor(1);
    expect(verify(secret, hit!)).toMatchObject({
      type: "payment.created",
      data: { live: false, merchant_id: user.merchantId },
    });

    // Five failing days disabled it (as the worker would): the page says why; enabling starts the streak over.
    const fiveDaysAgo = new Date(Date.now() - 5 * 24 * 3600_000);
    await testDb()
      .db.update(webhookEndpoints)
      .set({ failingSince: fiveDaysAgo, disabledAt: new Date(), disabledReason: "failing" })
      .where(eq(webhookEndpoints.id, id));
    const page = await dash("/dashboard/webhooks", { headers: { cookie: user.cookie } });
    expect(page.status).toBe(200);
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("every delivery failed for 5 days");
    const enabled = await dash(`/dashboard/api/webhooks/${id}/enable`, { method: "POST", user, json: {} });
    expect(await enabled.json()).toMatchObject({ disabled: false, disabledReason: null, failingSince: null });
    expect(
      (await (await dash("/dashboard/webhooks", { headers: { cookie: user.cookie } })).text()).replaceAll(
        "<!-- -->",
        "",
      ),
    ).not.toContain("every delivery failed for 5 days");
  });

  it("OpenAPI documents every webhook endpoint route", async () => {
    const doc = await (await api("/openapi.json")).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        "POST /v1/webhook-endpoints",
        "GET /v1/webhook-endpoints",
        "DELETE /v1/webhook-endpoints/{id}",
        "POST /v1/webhook-endpoints/{id}/rotate-secret",
        "POST /v1/webhook-endpoints/{id}/test",
        "GET /v1/webhook-endpoints/{id}/deliveries",
        "POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
        "POST /v1/webhook-endpoints/{id}/resend-failed",
        "POST /v1/webhook-endpoints/{id}/disable",
        "POST /v1/webhook-endpoints/{id}/enable",
      ]),
    );
    const create = doc.paths["/v1/webhook-endpoints"].post;
    expect(create.responses["201"].content["application/json"].schema).toBeDefined();
    expect(JSON.stringify(create.requestBody)).toContain("CreateWebhookEndpointRequest");
    expect(create.responses["400"]["x-error-codes"]).toContain("webhook_url_not_allowed");
    expect(create.requestBody.required).toBe(true);
    expect(doc.paths["/v1/webhook-endpoints/{id}/test"].post.requestBody.required).toBe(false);
  });
});

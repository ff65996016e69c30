import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { confirmAt, createPaymentAt, signWithDevnetBuyer } from "../support/pay-steps";
import { parsePrometheusText, samplesOf, sumOf, type Exposition } from "../support/prometheus-text";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import { freePort, type RunningServer } from "../support/server";
import { allAre, waitStatuses } from "../support/wait-statuses";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// Prometheus metrics of a real server on its own database and chains (through RPC proxies): /metrics
// reads as strict exposition text, and its series move when a payment is paid, a webhook receiver
// fails and an RPC endpoint goes down. Served behind METRICS_TOKEN on the main port, or on
// METRICS_PORT alone; with neither, not at all.

const TOKEN = randomBytes(24).toString("hex");
const HTTP_COUNT = "payment_service_http_request_duration_seconds_count";

let setup: ProxiedSetup;
let server: RunningServer;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  setup = await proxiedSetup("wt_metrics_series");
  server = await setup.start("token", {
    METRICS_TOKEN: TOKEN,
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_RETRY_SCHEDULE: "1s,1s",
  });
});
afterAll(async () => {
  await receiver?.close();
  await setup?.close();
});

async function scrape(url = `${server.url}/metrics`, token: string | null = TOKEN): Promise<Exposition> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

/** Scrape until `done` holds (series read at scrape time or counted by background work move on their own time). */
async function scrapeUntil(done: (m: Exposition) => boolean, what: string): Promise<Exposition> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const metrics = await scrape();
    if (done(metrics)) return metrics;
    if (Date.now() > deadline) throw new Error(`metrics never showed ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function merchantFetch(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "api-key": setup.merchant.apiKey,
      "merchant-id": setup.merchant.merchantId,
    },
    body: JSON.stringify(body),
  });
}

describe("/metrics", () => {
  it("reads as Prometheus text whose payment, request and RPC series move when a payment is paid", async () => {
    const before = await scrape();
    for (const name of ["payment_service_payments", "payment_service_queue_due", "payment_service_metrics_source_up"])
      expect(before.get(name)?.help, name).toBeTruthy();
    expect(samplesOf(before, "payment_service_metrics_source_up").every((s) => s.value === 1)).toBe(true);
    const confirmRoute = { route: "/v1/gateway/payment/[id]/confirm", method: "POST", status_class: "2xx" };
    const paidBefore = sumOf(before, "payment_service_payments", { status: "succeeded" });

    const paymentId = await createPaymentAt(server, setup.merchant, "611");
    const signed = await signWithDevnetBuyer(server, { paymentId, namespace: "eip155", symbol: "USDC", buyerIndex: 2 });
    expect((await confirmAt(server, signed))?.status).toBe(200);
    expect(await waitStatuses(setup.db, { ids: [paymentId], want: "succeeded", ms: 45_000 })).toEqual(
      allAre([paymentId], "succeeded"),
    );

    const after = await scrape();
    expect(sumOf(after, "payment_service_payments", { status: "succeeded" })).toBe(paidBefore + 1);
    expect(sumOf(after, HTTP_COUNT, confirmRoute)).toBe(sumOf(before, HTTP_COUNT, confirmRoute) + 1);
    expect(sumOf(after, HTTP_COUNT, { route: "/v1/merchant/payment", method: "POST", status_class: "2xx" })).toBe(
      sumOf(before, HTTP_COUNT, { route: "/v1/merchant/payment", method: "POST", status_class: "2xx" }) + 1,
    );
    // Route labels are patterns: no payment id in any of them.
    expect(samplesOf(after, HTTP_COUNT).filter((s) => s.labels.route!.includes("pay_"))).toEqual([]);
    // The relay and its receipt went through the EVM endpoint, labelled by host alone.
    const evm = { network: "eip155:31337", endpoint: new URL(setup.evm.url).host };
    expect(sumOf(after, "payment_service_rpc_requests_total", evm)).toBeGreaterThan(
      sumOf(before, "payment_service_rpc_requests_total", evm),
    );
    expect(sumOf(after, "payment_service_rpc_request_duration_seconds_count", evm)).toBeGreaterThan(0);
  }, 120_000);

  it("counts a failed webhook attempt when the receiver answers 500", async () => {
    receiver = await startWebhookReceiver({ answer: () => 500 });
    const registered = await merchantFetch("/v1/webhook-endpoints", { url: receiver.url, events: ["payment.created"] });
    expect(registered.status).toBe(201);
    const failed = { result: "failed" };
    const before = sumOf(await scrape(), "payment_service_webhook_attempts_total", failed);

    await createPaymentAt(server, setup.merchant, "612");
    await receiver.waitFor(1);
    const after = await scrapeUntil(
      (m) => sumOf(m, "payment_service_webhook_attempts_total", failed) > before,
      "the failed attempt",
    );
    expect(sumOf(after, "payment_service_webhook_attempts_total", { result: "delivered" })).toBe(0);
  }, 60_000);

  it("counts errors of the RPC endpoint that is down, by its host", async () => {
    const evm = { network: "eip155:31337", endpoint: new URL(setup.evm.url).host };
    const before = sumOf(await scrape(), "payment_service_rpc_errors_total", evm);
    // The ledger scan asks the chain for its head every LEDGER_SCAN_INTERVAL_MS: each call now fails.
    await setup.evm.refuse();
    try {
      const after = await scrapeUntil(
        (m) => sumOf(m, "payment_service_rpc_errors_total", { ...evm, reason: "connection" }) > before,
        "the endpoint's errors",
      );
      const labels = samplesOf(after, "payment_service_rpc_errors_total").map((s) => s.labels);
      expect(labels.every((l) => !l.endpoint!.includes("/"))).toBe(true);
    } finally {
      await setup.evm.resume();
    }
  }, 60_000);

  it("is refused without the token and with a wrong one", async () => {
    const url = `${server.url}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("is served on METRICS_PORT, a port of its own, and not on the main port", async () => {
    const port = await freePort();
    const own = await setup.start("port", { METRICS_PORT: String(port) });
    try {
      expect((await fetch(`${own.url}/metrics`)).status).toBe(404);
      const metrics = await scrape(`http://127.0.0.1:${port}/metrics`, null);
      expect(sumOf(metrics, "payment_service_payments", { status: "succeeded" })).toBeGreaterThanOrEqual(1);
      expect((await fetch(`http://127.0.0.1:${port}/v1/payments`)).status).toBe(404);
    } finally {
      await own.stop();
    }
  }, 60_000);

  it("is not served with neither setting", async () => {
    // The suite's shared server sets neither METRICS_TOKEN nor METRICS_PORT.
    const res = await fetch(`${inject("baseUrl")}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { requestFields, runWithRequestId } from "@/lib/log";
import { attemptResultOf } from "@/lib/metrics/count-webhook-attempt";
import { metricsHost } from "@/lib/metrics/metrics-host";
import { observeRequest } from "@/lib/metrics/observe-request";
import { routePattern } from "@/lib/metrics/route-pattern";
import { bearerMatches } from "@/lib/metrics/scrape-access";
import { parsePrometheusText, samplesOf, sumOf } from "../support/prometheus-text";

describe("route labels", () => {
  it("name each route by its pattern, never by the ids in its path", () => {
    expect(routePattern("/v1/gateway/payment/pay_abc123/confirm", { id: "pay_abc123" })).toBe(
      "/v1/gateway/payment/[id]/confirm",
    );
    expect(routePattern("/v1/merchants/mer_1/settlements/crypto/set_2", { merchant_id: "mer_1", id: "set_2" })).toBe(
      "/v1/merchants/[merchant_id]/settlements/crypto/[id]",
    );
    expect(routePattern("/v1/gateway/payment/pay_x/solana-pay/USDC", { id: "pay_x", asset: "USDC" })).toBe(
      "/v1/gateway/payment/[id]/solana-pay/[asset]",
    );
    expect(routePattern("/v1/no/such/route", { path: ["no", "such", "route"] })).toBe("/v1/[...path]");
    expect(routePattern("/livez", {})).toBe("/livez");
    expect(routePattern("/healthz", undefined)).toBe("/healthz");
  });

  it("match a URL-encoded payment link in the path to its decoded param", () => {
    const link = "https://pay.example/?pid=pay_q1";
    expect(routePattern(`/v1/gateway/payment/${encodeURIComponent(link)}/status`, { id: link })).toBe(
      "/v1/gateway/payment/[id]/status",
    );
  });
});

describe("the registry", () => {
  it("renders every series as strict Prometheus text, the request counts included", async () => {
    const host = metricsHost();
    observeRequest({ method: "POST", path: "/v1/payments/pay_1/cancel", params: { id: "pay_1" } }, 409, 0.2);
    const parsed = parsePrometheusText(await host.registry.metrics());
    expect(
      sumOf(parsed, "payment_service_http_request_duration_seconds_count", {
        route: "/v1/payments/[id]/cancel",
        method: "POST",
        status_class: "4xx",
      }),
    ).toBe(1);
    const labels = samplesOf(parsed, "payment_service_http_request_duration_seconds_count").map((s) => s.labels);
    expect(labels.some((l) => l.route!.includes("pay_1"))).toBe(false);
    expect(parsed.get("payment_service_payments")?.help).toMatch(/status/);
  });

  it("answers when a scrape-time source fails: its series are left out, the scrape goes on", async () => {
    const host = metricsHost();
    host.scrape = Promise.resolve({
      queues: { watcher: { due: 3, oldestDueSeconds: 7 }, webhooks: { due: 0, oldestDueSeconds: 0 } },
    });
    const parsed = parsePrometheusText(await host.registry.metrics());
    expect(sumOf(parsed, "payment_service_queue_due", { queue: "settlement" })).toBe(3);
    expect(sumOf(parsed, "payment_service_queue_lag_seconds", { queue: "settlement" })).toBe(7);
    expect(sumOf(parsed, "payment_service_metrics_source_up", { source: "queues" })).toBe(1);
    expect(sumOf(parsed, "payment_service_metrics_source_up", { source: "payments" })).toBe(0);
    expect(samplesOf(parsed, "payment_service_payments")).toEqual([]);

    // Nothing could be read (what renderMetrics hands over when the snapshot itself failed).
    host.scrape = Promise.resolve(undefined);
    const failed = parsePrometheusText(await host.registry.metrics());
    expect(samplesOf(failed, "payment_service_queue_due")).toEqual([]);
    expect(samplesOf(failed, "payment_service_rpc_requests_total")).toEqual([]);
    host.scrape = undefined;
  });

  it("is one object per process, whichever bundle asks", () => {
    expect(metricsHost()).toBe(metricsHost());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("payment-service.metrics")]).toBe(metricsHost());
  });
});

describe("the strict reader", () => {
  it("refuses what a scraper would", () => {
    expect(() => parsePrometheusText("x 1\n")).toThrow(/no declared family/);
    expect(() => parsePrometheusText('# TYPE x gauge\nx{a="1"} one\n')).toThrow(/bad value/);
    expect(() => parsePrometheusText('# TYPE x gauge\nx{a="1"} 1\nx{a="1"} 2\n')).toThrow(/twice/);
    expect(() => parsePrometheusText('# TYPE x gauge\nx{a="1} 1\n')).toThrow(/label/);
    expect(() =>
      parsePrometheusText('# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n'),
    ).toThrow(/cumulative/);
    expect(() => parsePrometheusText("# TYPE x gauge\nx 1")).toThrow(/newline/);
    expect(sumOf(parsePrometheusText('# TYPE x gauge\nx{a="q\\"\\\\"} 1.5e0\n'), "x", { a: 'q"\\' })).toBe(1.5);
  });
});

describe("webhook attempt results", () => {
  it("are bounded labels, whatever the receiver answered", () => {
    expect(attemptResultOf({ statusCode: 204 })).toBe("delivered");
    expect(attemptResultOf({ statusCode: 500 })).toBe("failed");
    expect(attemptResultOf({ statusCode: 302 })).toBe("failed");
    expect(attemptResultOf({ statusCode: null, timedOut: true })).toBe("timed_out");
    expect(attemptResultOf({ statusCode: null })).toBe("error");
  });
});

describe("the metrics token", () => {
  const token = "a".repeat(32) + "b".repeat(32);
  it("is accepted only as the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(null, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
  });
});

describe("request-scoped log fields", () => {
  it("carry the request id inside the request, through awaits and timers, and nothing outside it", async () => {
    expect(requestFields()).toEqual({});
    const seen = await runWithRequestId("req_unit_test_1", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Promise((resolve) => setImmediate(() => resolve(requestFields())));
    });
    expect(seen).toEqual({ reqId: "req_unit_test_1" });
    expect(requestFields()).toEqual({});
  });
});

describe("route labels under a flood of unmatched paths", () => {
  it("stay bounded when paths slip through unpatterned: past the cap they read `other`", async () => {
    for (let i = 0; i < 400; i++) observeRequest({ method: "GET", path: `/unmatched/${i}`, params: {} }, 200, 0.01);
    observeRequest({ method: "BREW", path: "/livez", params: {} }, 418, 0.01);
    const parsed = parsePrometheusText(await metricsHost().registry.metrics());
    const routes = new Set(
      samplesOf(parsed, "payment_service_http_request_duration_seconds_count").map((s) => s.labels.route),
    );
    expect(routes.size).toBeLessThanOrEqual(301);
    expect(routes.has("other")).toBe(true);
    expect(sumOf(parsed, "payment_service_http_request_duration_seconds_count", { method: "other" })).toBe(1);
  });
});

describe("the docs and the sample dashboard", () => {
  const root = join(import.meta.dirname, "..", "..");
  const ours = () =>
    metricsHost()
      .registry.getMetricsAsArray()
      .map((m) => m.name)
      .filter((name) => name.startsWith("payment_service_"));

  it("the dashboard queries only series the service exports", () => {
    const dashboard = readFileSync(join(root, "docs", "grafana-dashboard.json"), "utf8");
    const queried = new Set(
      [...dashboard.matchAll(/payment_service_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, "")),
    );
    expect(queried.size).toBeGreaterThan(5);
    for (const name of queried) expect(ours(), name).toContain(name);
  });

  it("the operations guide lists every series", () => {
    const guide = readFileSync(join(root, "docs", "operations.md"), "utf8");
    for (const name of ours()) expect(guide, name).toContain(`| \`${name}\` |`);
  });
});

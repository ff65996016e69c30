import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { processWide } from "@/lib/process-wide";

/*
 * The process's Prometheus registry and series, on one object on globalThis. Not module variables:
 * Next.js bundles instrumentation.ts (the jobs) apart from each route, each bundle with its own copy of
 * this module (and of prom-client), so a module-level registry would exist several times in one process
 * and every bundle would count into series nobody scrapes. Whichever bundle comes first makes the
 * object; every other one counts into it. Nothing here reads a database or a chain: the gauges that do
 * are filled at scrape time from the snapshot the code serving /metrics reads (`scrape`).
 */

export const METRIC_PREFIX = "payment_service_";

export const SNAPSHOT_SOURCES = ["payments", "queues", "ledger", "fees", "gas"] as const;
export type SnapshotSource = (typeof SNAPSHOT_SOURCES)[number];

type Backlog = { due: number; oldestDueSeconds: number };

/** What the gauges read at one scrape; a part is missing when its source failed or ran out of time. */
export type ScrapeSnapshot = {
  payments?: { status: string; count: number }[];
  queues?: { watcher: Backlog; webhooks: Backlog };
  ledger?: { network: string; ageSeconds: number | null }[];
  fees?: { network: string; kind: string; symbol: string; amount: number }[];
  gas?: { network: string; address: string; symbol: string; balance: number; warnBelow: number }[];
};

export type MetricsHost = {
  registry: Registry;
  httpDuration: Histogram<"route" | "method" | "status_class">;
  rpcRequests: Counter<"network" | "endpoint">;
  rpcErrors: Counter<"network" | "endpoint" | "reason">;
  rpcDuration: Histogram<"network" | "endpoint">;
  webhookAttempts: Counter<"result">;
  /** Route labels seen so far, to cap them should a path ever slip through unpatterned. */
  routes: Set<string>;
  /**
   * The snapshot of the scrape being rendered, set by lib/metrics/render-metrics.ts for the length of one
   * rendering: every gauge of that scrape reads the same one, and no scrape sees an earlier one's.
   */
  scrape?: Promise<ScrapeSnapshot | undefined>;
};

export function metricsHost(): MetricsHost {
  return processWide("metrics", createHost);
}

function createHost(): MetricsHost {
  const registry = new Registry();
  const registers = [registry];
  // Process series under their usual names (process_cpu_seconds_total, nodejs_eventloop_lag_seconds, …).
  collectDefaultMetrics({ register: registry });
  const host: MetricsHost = {
    registry,
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "Time to answer an HTTP request, by route pattern (never the raw path), method and status class. Long-polls wait up to their timeout.",
      labelNames: ["route", "method", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    rpcRequests: new Counter({
      name: `${METRIC_PREFIX}rpc_requests_total`,
      help: "Requests to an RPC endpoint (a network's rpcUrls entry, named by its host: URLs carry provider keys).",
      labelNames: ["network", "endpoint"],
      registers,
    }),
    rpcErrors: new Counter({
      name: `${METRIC_PREFIX}rpc_errors_total`,
      help: "RPC requests that failed at the endpoint: timeout (no answer within RPC_TIMEOUT_MS), connection, http (a non-2xx answer) or other.",
      labelNames: ["network", "endpoint", "reason"],
      registers,
    }),
    rpcDuration: new Histogram({
      name: `${METRIC_PREFIX}rpc_request_duration_seconds`,
      help: "Time an RPC endpoint took to answer (or to fail), body included.",
      labelNames: ["network", "endpoint"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    webhookAttempts: new Counter({
      name: `${METRIC_PREFIX}webhook_attempts_total`,
      help: "Webhook delivery attempts this instance made and recorded, by result: delivered (2xx), failed (another status), timed_out (no answer within the attempt's timeout) or error (no answer: connection refused, TLS, a secret that cannot be opened).",
      labelNames: ["result"],
      registers,
    }),
    routes: new Set(),
  };
  defineSnapshotGauges(host);
  return host;
}

type Fill<L extends string> = (snapshot: ScrapeSnapshot, gauge: Gauge<L>) => void;

function snapshotGauge<L extends string>(
  host: MetricsHost,
  { name, help, labelNames, fill }: { name: string; help: string; labelNames: L[]; fill: Fill<L> },
) {
  new Gauge<L>({
    name: `${METRIC_PREFIX}${name}`,
    help,
    labelNames,
    registers: [host.registry],
    async collect() {
      const snapshot = await host.scrape;
      // A source that failed leaves its series out of this scrape rather than repeating stale values.
      this.reset();
      if (snapshot) fill(snapshot, this);
    },
  });
}

function defineSnapshotGauges(host: MetricsHost): void {
  snapshotGauge(host, {
    name: "payments",
    help: "Payments by stored status, across every instance (read at scrape time).",
    labelNames: ["status"],
    fill: (s, g) => {
      for (const row of s.payments ?? []) g.set({ status: row.status }, row.count);
    },
  });
  // Labelled by queue, so that a failed read leaves the series out (a gauge without labels would read 0).
  const queues = (s: ScrapeSnapshot) =>
    s.queues
      ? ([
          ["settlement", s.queues.watcher],
          ["webhooks", s.queues.webhooks],
        ] as const)
      : [];
  snapshotGauge(host, {
    name: "queue_due",
    help: "Items due now across every instance: settlement (transfers due for the settlement watcher's look), webhooks (deliveries due for an attempt: the backlog).",
    labelNames: ["queue"],
    fill: (s, g) => {
      for (const [queue, backlog] of queues(s)) g.set({ queue }, backlog.due);
    },
  });
  snapshotGauge(host, {
    name: "queue_lag_seconds",
    help: "How long the oldest item due in the queue (settlement, webhooks) has waited; 0 when none is due.",
    labelNames: ["queue"],
    fill: (s, g) => {
      for (const [queue, backlog] of queues(s)) g.set({ queue }, backlog.oldestDueSeconds);
    },
  });
  snapshotGauge(host, {
    name: "ledger_scan_age_seconds",
    help: "Seconds since the network's ledger scan last reached the chain head it read (every transfer mined before then is recorded). Grows while the scan is stalled or behind.",
    labelNames: ["network"],
    fill: (s, g) => {
      for (const row of s.ledger ?? []) if (row.ageSeconds !== null) g.set({ network: row.network }, row.ageSeconds);
    },
  });
  snapshotGauge(host, {
    name: "gas_balance",
    help: "A gas key's balance in the network's native coin (ETH, SOL), from the last gas check (GAS_CHECK_INTERVAL_MS).",
    labelNames: ["network", "address", "symbol"],
    fill: (s, g) => {
      for (const row of s.gas ?? [])
        g.set({ network: row.network, address: row.address, symbol: row.symbol }, row.balance);
    },
  });
  snapshotGauge(host, {
    name: "gas_balance_warn",
    help: "The balance under which a gas key is reported low (GAS_BALANCE_WARN or the network's gasBalanceWarn), in the native coin.",
    labelNames: ["network", "address", "symbol"],
    fill: (s, g) => {
      for (const row of s.gas ?? [])
        g.set({ network: row.network, address: row.address, symbol: row.symbol }, row.warnBelow);
    },
  });
  snapshotGauge(host, {
    name: "sponsored_fees",
    help: "Fees the service's gas keys have paid for payments (relay gas, Solana fees, token account rent), all time, in the native coin. Only grows: use delta() or increase().",
    labelNames: ["network", "kind", "symbol"],
    fill: (s, g) => {
      for (const row of s.fees ?? []) g.set({ network: row.network, kind: row.kind, symbol: row.symbol }, row.amount);
    },
  });
  snapshotGauge(host, {
    name: "metrics_source_up",
    help: "1 when this scrape could read the source (payments, queues, ledger, fees, gas) in time; 0 when it failed or timed out and its series are left out.",
    labelNames: ["source"],
    fill: (s, g) => {
      for (const source of SNAPSHOT_SOURCES) g.set({ source }, s[source] === undefined ? 0 : 1);
    },
  });
}

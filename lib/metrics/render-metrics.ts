import { metricsHost } from "./metrics-host";
import { readScrapeSnapshot } from "./read-scrape-snapshot";

/**
 * The Prometheus text of this process's series, the database- and gas-derived gauges read now. Never
 * throws for a source that fails (its series are left out and `metrics_source_up` says so).
 */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const host = metricsHost();
  // Read once for this scrape and handed to its gauges; prom-client collects every gauge in the same tick,
  // so a scrape that starts meanwhile sets its own without changing what this one's gauges read.
  const snapshot = readScrapeSnapshot().catch(() => undefined);
  host.scrape = snapshot;
  try {
    return { body: await host.registry.metrics(), contentType: host.registry.contentType };
  } finally {
    if (host.scrape === snapshot) host.scrape = undefined;
  }
}

import { metricsHost } from "./metrics-host";
import { readScrapeSnapshot } from "./read-scrape-snapshot";

/**
 * The Prometheus text of this process's series, the database- and gas-derived gauges read now. Never
 * throws for a source that fails (its series are left out and `metrics_source_up` says so).
 */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const host = metricsHost();
  // Installed here, by whichever bundle serves /metrics first: the host itself imports no domain.
  host.readSnapshot ??= readScrapeSnapshot;
  return { body: await host.registry.metrics(), contentType: host.registry.contentType };
}

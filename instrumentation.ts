// Next.js runs register() once when a server process starts, before it serves requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { lifecycleHost } = await import("@/lib/lifecycle/lifecycle-host");
  const host = lifecycleHost();
  try {
    // Settings that must stop the start rather than let it run on something the operator did not choose:
    // a production start on the embedded database by an unset DATABASE_URL, a gas key that is configured
    // but unusable, or (NODE_ENV=production) a network without its gas key, which no devnet key replaces
    // there. Inline after the runtime check, so the Edge bundle of this file traces none of it.
    const { env } = await import("@/lib/env");
    const { assertEmbeddedAllowed } = await import("@/db/embedded");
    const { checkGasSigners } = await import("@/lib/chains/adapters");
    if (!env().DATABASE_URL) assertEmbeddedAllowed();
    checkGasSigners();
    const { startServerJobs } = await import("@/lib/jobs/start-server-jobs");
    const { runShutdown } = await import("@/lib/lifecycle/run-shutdown");
    await startServerJobs();
    // METRICS_PORT: /metrics on a listener of its own (lib/metrics), never on the public port.
    const { startMetricsListener } = await import("@/lib/metrics/start-metrics-listener");
    await startMetricsListener();
    const graceMs = env().SHUTDOWN_GRACE_MS;
    host.graceMs = graceMs;
    host.shutdown = (stopListening) => runShutdown(graceMs, stopListening);
    host.reportStart?.();
  } catch (err) {
    // Next.js would log this and go on serving a 500 for every request: stop instead, saying why
    // (scripts/serve.mjs prints the reason and exits 1; without it, exit here).
    const reason = err instanceof Error ? err.message : String(err);
    if (host.managed && host.reportStart) return host.reportStart(reason);
    console.error(`payment service did not start: ${reason}`);
    process.exit(1);
  }
}

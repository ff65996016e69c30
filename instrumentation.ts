// Next.js runs register() once when a server process starts, before it serves requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { lifecycleHost } = await import("@/lib/lifecycle/lifecycle-host");
  const host = lifecycleHost();
  try {
    const { startServerJobs } = await import("@/lib/jobs/start-server-jobs");
    const { runShutdown } = await import("@/lib/lifecycle/run-shutdown");
    const { env } = await import("@/lib/env");
    await startServerJobs();
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

import { log } from "@/lib/log";
import { beginDrain, lifecycleHost, type ShutdownPhase, type Work } from "./lifecycle-host";
import { nextShutdownStep, shutdownExitCode } from "./shutdown-plan";
import { workInFlight } from "./track-work";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "send pay_… 1.2 s" lines for the log: what was still running. */
function describe(work: Work[], now: number): string[] {
  return work.map((w) => `${w.kind} ${w.label} ${((now - w.since) / 1000).toFixed(1)} s`);
}

/** Run one phase's hooks together, for `ms` at most; a failing hook is logged, never stops the others. */
async function runHooks(phase: ShutdownPhase, ms: number): Promise<void> {
  const hooks = [...lifecycleHost().hooks![phase]];
  const all = Promise.all(
    hooks.map((hook) => hook().catch((err: unknown) => log.warn({ phase, err: String(err) }, "shutdown step failed"))),
  );
  await Promise.race([all, sleep(ms)]);
}

/**
 * Drain and stop this process within `graceMs`: tell jobs and long-polls, wait for requests and work in
 * flight, cut what still runs near the end so it hands its work back, then stop listening (the caller's
 * `stopListening`), release leases and close pools and LISTEN connections. Resolves to the exit code
 * (shutdown-plan.ts decides each step).
 */
export async function runShutdown(graceMs: number, stopListening: () => void = () => {}): Promise<number> {
  const host = lifecycleHost();
  const started = performance.now();
  beginDrain();
  log.info(
    { graceMs, requests: host.requests, work: describe(workInFlight(), Date.now()) },
    "shutting down: no new work, finishing what is in flight",
  );
  let cut = false;
  for (;;) {
    const elapsedMs = performance.now() - started;
    const work = workInFlight();
    const step = nextShutdownStep({ elapsedMs, graceMs, requests: host.requests, work: work.length, cut });
    if (step.kind === "wait") {
      await sleep(step.ms);
      continue;
    }
    if (step.kind === "cut") {
      cut = true;
      log.warn({ work: describe(work, Date.now()) }, "grace nearly over: work still in flight hands its work back");
      host.cut!.abort();
      continue;
    }
    if (!step.complete)
      log.error(
        { requests: host.requests, work: describe(work, Date.now()) },
        "grace over: exiting with this still in flight",
      );
    stopListening();
    // Whatever is left of the grace, and at least a moment: a forced close still releases and closes.
    const left = Math.max(500, graceMs - (performance.now() - started));
    await runHooks("release", left / 2);
    await runHooks("close", Math.max(500, graceMs - (performance.now() - started)));
    const code = shutdownExitCode(step);
    log.info({ ms: Math.round(performance.now() - started), code }, "shut down");
    return code;
  }
}

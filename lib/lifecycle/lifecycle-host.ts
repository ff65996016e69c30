import { processWide } from "@/lib/process-wide";

/*
 * The process's lifecycle, shared by scripts/serve.mjs and the app's code through one object on
 * globalThis. Not a module variable: Next.js bundles instrumentation.ts (the jobs) apart from each
 * route, so each bundle has its own copy of this module, and serve.mjs is plain JavaScript outside
 * every bundle. serve.mjs creates the object before Next.js starts (`managed`), counts the HTTP
 * requests in flight and, on SIGTERM/SIGINT, calls `shutdown`, which instrumentation.ts installs
 * (lib/lifecycle/run-shutdown.ts). Without serve.mjs (`next dev`, unit tests) the object is made on
 * first use and nobody drains it.
 */

export type WorkKind = "send" | "webhook" | "check" | "ledger" | "job";

/** One piece of work this process is doing that a shutdown waits for. */
export type Work = { kind: WorkKind; label: string; since: number; settled: Promise<unknown> };

/** What runs at each step of a shutdown, after the work in flight has finished or been handed back. */
export type ShutdownPhase = "release" | "close";

export type LifecycleHost = {
  /** scripts/serve.mjs runs this process: it handles the signals and waits for `reportStart`. */
  managed?: boolean;
  /** Shutting down: /readyz says 503, nothing new is claimed, long-polls answer now. */
  draining: boolean;
  /** HTTP requests in flight, counted by scripts/serve.mjs. */
  requests: number;
  /** Set by serve.mjs: instrumentation.ts reports how its start went (a reason when it failed). */
  reportStart?: (failure?: string) => void;
  /**
   * Set by instrumentation.ts once started: serve.mjs calls it on SIGTERM/SIGINT with the function that
   * closes its listener (called once nothing is in flight, or the grace is spent); resolves to the exit code.
   */
  shutdown?: (stopListening: () => void) => Promise<number>;
  /** SHUTDOWN_GRACE_MS, for serve.mjs's own backstop timer. */
  graceMs?: number;
  // The app's side, made on first use.
  work?: Map<number, Work>;
  nextWorkId?: number;
  /** Aborted when work still in flight must hand its work back (near the end of the grace). */
  cut?: AbortController;
  drainListeners?: Set<() => void>;
  hooks?: Record<ShutdownPhase, Set<() => Promise<void>>>;
};

export function lifecycleHost(): LifecycleHost {
  const host = processWide<LifecycleHost>("lifecycle", () => ({ draining: false, requests: 0 }));
  host.work ??= new Map();
  host.nextWorkId ??= 1;
  host.cut ??= new AbortController();
  host.drainListeners ??= new Set();
  host.hooks ??= { release: new Set(), close: new Set() };
  return host;
}

export function isDraining(): boolean {
  return lifecycleHost().draining;
}

/** Call `listener` when the process starts draining (at once if it is). Returns the unsubscribe function. */
export function onDrain(listener: () => void): () => void {
  const host = lifecycleHost();
  if (host.draining) {
    listener();
    return () => {};
  }
  host.drainListeners!.add(listener);
  return () => host.drainListeners!.delete(listener);
}

/** Start draining: /readyz fails from now on, and everything listening (jobs, long-polls) is told. */
export function beginDrain(): void {
  const host = lifecycleHost();
  // serve.mjs may have set `draining` already (so that /readyz fails at once): the listeners are told here.
  host.draining = true;
  const listeners = [...host.drainListeners!];
  host.drainListeners!.clear();
  for (const listener of listeners) listener();
}

/**
 * Run `hook` during a shutdown: "release" hands back leases this process still holds once the work in
 * flight has finished or been cut; "close" closes pools and LISTEN connections, last. Returns the unregister function.
 */
export function onShutdown(phase: ShutdownPhase, hook: () => Promise<void>): () => void {
  const hooks = lifecycleHost().hooks![phase];
  hooks.add(hook);
  return () => hooks.delete(hook);
}

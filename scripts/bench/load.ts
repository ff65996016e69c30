import { percentile, runLoad, type LoadRequest } from "./http-load";
import { machineIdle, processCpuMs } from "./proc-stats";

/** A load target; `serverPid` is the process whose CPU time per request is reported. */
export type Target = { name: string; label: string; serverPid: number; request: LoadRequest };
export type RunFigures = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Server process CPU ms per completed request, over the measured window (Linux only). */
  cpuMsPerRequest?: number;
  /** Machine idle share just before the run, our servers idle (Linux only). */
  idleBefore?: number;
};

/** Load whose figures are discarded: first requests load route code, fill pools and JIT caches. */
export async function warmUp(target: Target, connections: number, seconds: number): Promise<void> {
  await runLoad({ ...target.request, connections, warmupSeconds: seconds, seconds: 0 });
}

/**
 * One measurement on one set of connections: `warmupSeconds` of load whose responses are not
 * counted (connection set-up, re-warmed caches), then the timed window. Server CPU is sampled at
 * the window's edges.
 */
export async function measure({
  target,
  connections,
  seconds,
  warmupSeconds = 1,
}: {
  target: Target;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
}): Promise<{ figures: RunFigures; latenciesMs: Float64Array }> {
  const idleBefore = await machineIdle();
  let cpuBefore: number | undefined;
  let cpuAfter: number | undefined;
  const atStart = setTimeout(() => (cpuBefore = processCpuMs(target.serverPid)), warmupSeconds * 1000);
  const atEnd = setTimeout(() => (cpuAfter = processCpuMs(target.serverPid)), (warmupSeconds + seconds) * 1000);
  const r = await runLoad({ ...target.request, connections, warmupSeconds, seconds });
  clearTimeout(atStart);
  clearTimeout(atEnd);
  const ok = r.latenciesMs.length;
  const figures = {
    requestsPerSec: r.requests / r.seconds,
    p50Ms: round1(percentile(r.latenciesMs, 50)),
    p99Ms: round1(percentile(r.latenciesMs, 99)),
    non2xx: r.requests - ok,
    errors: r.errors,
    statusCodes: r.statusCodes,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, r.requests),
    idleBefore,
  };
  return { figures, latenciesMs: r.latenciesMs };
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

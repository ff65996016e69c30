import autocannon, { type Options } from "autocannon";
import { machineIdle, processCpuMs } from "./proc-stats";

/** A load target; `serverPid` is the process whose CPU time per request is reported. */
export type Target = { name: string; label: string; serverPid: number; request: Options };
export type RunFigures = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Server process CPU ms per completed request (Linux only). */
  cpuMsPerRequest?: number;
  /** Machine idle share just before the run, our servers idle (Linux only). */
  idleBefore?: number;
};

/** Load whose figures are discarded: first requests load route code, fill pools and JIT caches. */
export async function warmUp(target: Target, connections: number, seconds: number): Promise<void> {
  await autocannon({ ...target.request, connections, timeout: 10, duration: seconds });
}

/** One measurement: a short warm-up (reopens connections, re-warms caches), then the timed run. */
export async function measure(target: Target, connections: number, seconds: number, warmupSeconds = 1): Promise<RunFigures> {
  const base = { ...target.request, connections, timeout: 10 };
  const idleBefore = await machineIdle();
  await warmUp(target, connections, warmupSeconds);
  const cpuBefore = processCpuMs(target.serverPid);
  const r = await autocannon({ ...base, duration: seconds });
  const cpuAfter = processCpuMs(target.serverPid);
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, Number(s.count)]));
  return {
    // Completed requests over the run's wall time; autocannon's per-second samples are too few at 5 s.
    requestsPerSec: r.requests.total / r.duration,
    // autocannon records latencies of 2xx responses only, in whole milliseconds.
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes,
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, r.requests.total),
    idleBefore,
  };
}

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
  /**
   * CPU each part `sampleCpu` names used over the measured window, in cores (CPU ms per ms): what else
   * ran while this target was loaded (another server's background jobs, PostgreSQL's own processes).
   */
  windowCores?: Record<string, number>;
};

/**
 * Cumulative CPU ms so far of named parts (processes, the machine); a part it cannot read is left
 * out. Parts named `group:id` are summed into `group` (see coresBetween).
 */
export type CpuSampler = () => Promise<Record<string, number>>;

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
  sampleCpu,
}: {
  target: Target;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  sampleCpu?: CpuSampler;
}): Promise<{ figures: RunFigures; latenciesMs: Float64Array }> {
  const idleBefore = await machineIdle();
  let cpuBefore: number | undefined;
  let cpuAfter: number | undefined;
  let partsBefore: PartsSample;
  let partsAfter: PartsSample;
  const sampled = () => sampleCpu!().then((ms) => ({ at: performance.now(), ms }));
  const atStart = setTimeout(() => {
    cpuBefore = processCpuMs(target.serverPid);
    if (sampleCpu) partsBefore = sampled();
  }, warmupSeconds * 1000);
  const atEnd = setTimeout(
    () => {
      cpuAfter = processCpuMs(target.serverPid);
      if (sampleCpu) partsAfter = sampled();
    },
    (warmupSeconds + seconds) * 1000,
  );
  const r = await runLoad({ ...target.request, connections, warmupSeconds, seconds });
  clearTimeout(atStart);
  clearTimeout(atEnd);
  const windowCores = await coresBetween(partsBefore, partsAfter);
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
    ...(windowCores ? { windowCores } : {}),
  };
  return { figures, latenciesMs: r.latenciesMs };
}

type PartsSample = Promise<{ at: number; ms: Record<string, number> }> | undefined;

/**
 * Cores each part used between the samples. Parts named `group:id` (PostgreSQL's processes by pid)
 * add up into `group`; one that appeared in between counts from zero, one that ended is left out.
 */
async function coresBetween(before: PartsSample, after: PartsSample): Promise<Record<string, number> | undefined> {
  if (!before || !after) return undefined;
  const [a, b] = await Promise.all([before, after]);
  const elapsed = Math.max(1, b.at - a.at);
  const used: Record<string, number> = {};
  for (const [part, ms] of Object.entries(b.ms)) {
    const group = part.split(":")[0]!;
    used[group] = (used[group] ?? 0) + ms - (a.ms[part] ?? (group === part ? ms : 0));
  }
  return Object.fromEntries(Object.entries(used).map(([part, ms]) => [part, Math.round((ms / elapsed) * 100) / 100]));
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

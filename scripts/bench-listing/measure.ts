import { percentile as nearestRank, runLoad } from "../bench/http-load";

export type Target = { name: string; label: string; url: string; headers: Record<string, string> };
export type Figures = {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};
/** When a timed run went on (epoch ms), to find its requests in the server's log. */
export type Window = { target: string; from: number; to: number };

/**
 * Closed-loop load (scripts/bench/http-load.ts): first 2 s per target to warm the server (V8
 * compiles the route code over the first thousand requests or so; 1 s was not enough for the
 * first target), then `rounds` timed runs per target, interleaved (A B C A B C) so drift hits every
 * target alike, each after a 1 s warm-up on the same connections.
 * Percentiles come from every 2xx response time of the timed windows, in fractional ms.
 */
export async function measureAll({
  targets,
  connections,
  seconds,
  rounds,
  onRun,
}: {
  targets: Target[];
  connections: number;
  seconds: number;
  rounds: number;
  onRun: (t: Target, round: number, f: Figures) => void;
}): Promise<{ figures: Map<string, Figures>; windows: Window[] }> {
  const samples = new Map(
    targets.map((t) => [t.name, { latencies: [] as number[], seconds: 0, non2xx: 0, errors: 0 }]),
  );
  const windows: Window[] = [];
  for (const target of targets) await run({ target, connections, seconds: 0, warmupSeconds: 2 });
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const from = Date.now() + WARMUP_SECONDS * 1000;
      const r = await run({ target, connections, seconds, warmupSeconds: WARMUP_SECONDS });
      windows.push({ target: target.name, from, to: from + seconds * 1000 });
      const all = samples.get(target.name)!;
      all.latencies.push(...r.latencies);
      all.seconds += r.seconds;
      all.non2xx += r.non2xx;
      all.errors += r.errors;
      onRun(target, round, figures(r));
    }
  }
  return { figures: new Map([...samples].map(([name, s]) => [name, figures(s)])), windows };
}

const WARMUP_SECONDS = 1;

type Raw = { latencies: number[]; seconds: number; non2xx: number; errors: number };

async function run({
  target,
  connections,
  seconds,
  warmupSeconds,
}: {
  target: Target;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}): Promise<Raw> {
  const r = await runLoad({ url: target.url, headers: target.headers, connections, warmupSeconds, seconds });
  return {
    latencies: Array.from(r.latenciesMs),
    seconds: r.seconds,
    non2xx: r.requests - r.latenciesMs.length,
    errors: r.errors,
  };
}

/** The nearest-rank percentile `p` of `values` (any order), to 0.01. */
export function percentile(values: number[], p: number): number {
  return round2(
    nearestRank(
      [...values].sort((a, b) => a - b),
      p,
    ),
  );
}

function figures(r: Raw): Figures {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const at = (p: number) => round2(nearestRank(sorted, p));
  return {
    requests: sorted.length,
    seconds: round2(r.seconds),
    reqPerSec: round2(sorted.length / r.seconds),
    p50Ms: at(50),
    p95Ms: at(95),
    p99Ms: at(99),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

import type { RunFigures, Target } from "./load";

export type TargetResult = { name: string; label: string; rounds: RunFigures[]; mean: RunFigures };
export type Check = { name: string; pass: boolean; detail: string };

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const meanOf = (xs: (number | undefined)[]) => (xs.some((x) => x === undefined) ? undefined : mean(xs as number[]));

/** Summarise a target's rounds: rates, latencies and CPU averaged; error counts summed. */
export function summarise(target: Target, rounds: RunFigures[]): TargetResult {
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    name: target.name,
    label: target.label,
    rounds,
    mean: {
      requestsPerSec: mean(rounds.map((r) => r.requestsPerSec)),
      p50Ms: mean(rounds.map((r) => r.p50Ms)),
      p99Ms: mean(rounds.map((r) => r.p99Ms)),
      non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
      errors: rounds.reduce((n, r) => n + r.errors, 0),
      statusCodes,
      cpuMsPerRequest: meanOf(rounds.map((r) => r.cpuMsPerRequest)),
      idleBefore: meanOf(rounds.map((r) => r.idleBefore)),
    },
  };
}

export function ratiosOf(by: Record<string, TargetResult>) {
  const rps = (name: string) => by[name]!.mean.requestsPerSec;
  const cpu = (name: string) => by[name]!.mean.cpuMsPerRequest;
  const trivialCpu = cpu("trivial");
  return {
    statusOverTrivial: rps("status") / rps("trivial"),
    statusOverBare: rps("status") / rps("bare"),
    createOverTrivial: rps("create") / rps("trivial"),
    // The same ratio from server CPU per request (trivial / status): what throughput would show on a quiet machine.
    statusOverTrivialByCpu: trivialCpu === undefined || cpu("status") === undefined ? undefined : trivialCpu / cpu("status")!,
  };
}

export function checksOf(by: Record<string, TargetResult>, connections: number): Check[] {
  const ratio = ratiosOf(by).statusOverTrivial;
  const statusP99 = by.status!.rounds.map((r) => r.p99Ms);
  const failing = Object.values(by).filter((t) => t.mean.errors + t.mean.non2xx > 0);
  return [
    { name: "status >= 0.8x trivial route (req/s)", pass: ratio >= 0.8, detail: `${ratio.toFixed(2)}x` },
    {
      name: `status p99 < 50 ms at ${connections} connections (every round)`,
      pass: statusP99.every((p) => p < 50),
      detail: `p99 per round: ${statusP99.map((p) => `${p} ms`).join(", ")}`,
    },
    {
      name: "zero errors and zero non-2xx under load (all targets)",
      pass: failing.length === 0,
      detail: failing.length === 0 ? "none" : failing.map((t) => `${t.name}: ${t.mean.errors} errors, ${t.mean.non2xx} non-2xx ${JSON.stringify(t.mean.statusCodes)}`).join("; "),
    },
  ];
}

const fixed = (x: number | undefined, digits: number) => (x === undefined ? "n/a" : x.toFixed(digits));

export function printReport(results: TargetResult[], checks: Check[], connections: number, seconds: number): void {
  const width = Math.max(...results.map((t) => t.label.length));
  const row = (cells: (string | number)[]) =>
    console.log(cells.map((c, i) => (i < 2 ? String(c).padEnd(i === 0 ? width : 5) : String(c).padStart(8))).join(" "));
  console.log(`\n${connections} connections, ${seconds} s per run, each after a 1 s warm-up; "mean" = mean of the rounds (error counts: sum)`);
  console.log(`"cpu/req" = server process CPU ms per request; "idle" = machine idle in the 0.5 s before the run`);
  row(["target", "round", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "cpu/req", "idle"]);
  for (const t of results) {
    t.rounds.forEach((r, i) =>
      row([i === 0 ? t.label : "", String(i + 1), r.requestsPerSec.toFixed(0), r.p50Ms, r.p99Ms, r.non2xx, r.errors, fixed(r.cpuMsPerRequest, 3), r.idleBefore === undefined ? "n/a" : `${(r.idleBefore * 100).toFixed(0)}%`]),
    );
    const m = t.mean;
    row(["", "mean", m.requestsPerSec.toFixed(0), m.p50Ms.toFixed(1), m.p99Ms.toFixed(1), m.non2xx, m.errors, fixed(m.cpuMsPerRequest, 3), ""]);
  }
  const ratios = ratiosOf(Object.fromEntries(results.map((r) => [r.name, r])));
  console.log("\nratios of req/s (means)");
  console.log(`  status / trivial route  ${ratios.statusOverTrivial.toFixed(2)}  (target >= 0.80; from CPU per request: ${fixed(ratios.statusOverTrivialByCpu, 2)})`);
  console.log(`  status / bare server    ${ratios.statusOverBare.toFixed(2)}`);
  console.log(`  create / trivial route  ${ratios.createOverTrivial.toFixed(2)}`);
  const busy = results.flatMap((t) => t.rounds).filter((r) => r.idleBefore !== undefined && r.idleBefore < 0.9);
  if (busy.length > 0) console.log(`\nWARNING: ${busy.length} of ${results.length * results[0]!.rounds.length} runs started while other processes used the CPU: req/s are noisy (CPU per request much less so)`);
  console.log("");
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
}

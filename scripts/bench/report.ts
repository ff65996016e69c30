import { percentile } from "./http-load";
import { round1, type RunFigures, type Target } from "./load";

/**
 * `overall`: req/s and CPU per request are the median of the rounds (one disturbed run on a shared
 * machine must not decide a figure); p50/p99 are over every 2xx response of every round pooled;
 * error counts are summed.
 */
export type TargetResult = { name: string; label: string; rounds: RunFigures[]; overall: RunFigures };
export type Check = { name: string; pass: boolean; detail: string };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const medianOf = (xs: (number | undefined)[]) => (xs.some((x) => x === undefined) ? undefined : median(xs as number[]));

export function summarise(target: Target, rounds: RunFigures[], latencies: Float64Array[]): TargetResult {
  const statusCodes: Record<string, number> = {};
  for (const r of rounds)
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const pooled = new Float64Array(latencies.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const l of latencies) {
    pooled.set(l, at);
    at += l.length;
  }
  pooled.sort();
  return {
    name: target.name,
    label: target.label,
    rounds,
    overall: {
      requestsPerSec: median(rounds.map((r) => r.requestsPerSec)),
      p50Ms: round1(percentile(pooled, 50)),
      p99Ms: round1(percentile(pooled, 99)),
      non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
      errors: rounds.reduce((n, r) => n + r.errors, 0),
      statusCodes,
      cpuMsPerRequest: medianOf(rounds.map((r) => r.cpuMsPerRequest)),
      idleBefore: medianOf(rounds.map((r) => r.idleBefore)),
    },
  };
}

/**
 * Ratios of req/s, taken per round (the two runs of a round are seconds apart, so slow drift hits
 * both) and summarised by their median.
 */
export function ratiosOf(by: Record<string, TargetResult>) {
  const perRound = (a: string, b: string) =>
    by[a]!.rounds.map((r, i) => r.requestsPerSec / by[b]!.rounds[i]!.requestsPerSec);
  const cpu = (name: string) => by[name]!.overall.cpuMsPerRequest;
  const statusOverTrivialPerRound = perRound("status", "trivial");
  return {
    statusOverTrivial: median(statusOverTrivialPerRound),
    statusOverTrivialPerRound,
    statusOverBare: median(perRound("status", "bare")),
    createOverTrivial: median(perRound("create", "trivial")),
    // The same ratio from server CPU per request (trivial / status): what throughput would show on a quiet machine.
    statusOverTrivialByCpu:
      cpu("trivial") === undefined || cpu("status") === undefined ? undefined : cpu("trivial")! / cpu("status")!,
  };
}

/** The targets issue 29 set: status at least 0.9x the trivial route in every round, p99 under 50 ms over all rounds. */
export const MIN_STATUS_OVER_TRIVIAL = 0.9;
export const MAX_STATUS_P99_MS = 50;

export function checksOf(by: Record<string, TargetResult>, connections: number): Check[] {
  const ratios = ratiosOf(by);
  const status = by.status!;
  const failing = Object.values(by).filter((t) => t.overall.errors + t.overall.non2xx > 0);
  const worst = Math.min(...ratios.statusOverTrivialPerRound);
  return [
    {
      name: `status >= ${MIN_STATUS_OVER_TRIVIAL}x trivial route (req/s) in every round`,
      pass: worst >= MIN_STATUS_OVER_TRIVIAL,
      detail: `lowest ${worst.toFixed(2)}x (per round: ${ratios.statusOverTrivialPerRound.map((r) => r.toFixed(2)).join(", ")})`,
    },
    {
      name: `status p99 < ${MAX_STATUS_P99_MS} ms at ${connections} connections (all rounds' responses)`,
      pass: status.overall.p99Ms < MAX_STATUS_P99_MS,
      detail: `${status.overall.p99Ms} ms (per round: ${status.rounds.map((r) => r.p99Ms).join(", ")} ms)`,
    },
    {
      name: "zero errors and zero non-2xx under load (all targets)",
      pass: failing.length === 0,
      detail:
        failing.length === 0
          ? "none"
          : failing
              .map(
                (t) =>
                  `${t.name}: ${t.overall.errors} errors, ${t.overall.non2xx} non-2xx ${JSON.stringify(t.overall.statusCodes)}`,
              )
              .join("; "),
    },
  ];
}

export type RoundRow = {
  round: number;
  targets: Record<string, { requestsPerSec: number; p99Ms: number }>;
  statusOverTrivial: number;
};

/**
 * The trend: every target's figures round by round. The create target adds payments every round, so
 * a figure that falls from round to round (not from target to target) follows something that grows with them.
 */
export function perRoundOf(results: TargetResult[]): RoundRow[] {
  const ratios = ratiosOf(Object.fromEntries(results.map((r) => [r.name, r])));
  return ratios.statusOverTrivialPerRound.map((statusOverTrivial, i) => ({
    round: i + 1,
    targets: Object.fromEntries(
      results.map((t) => [
        t.name,
        { requestsPerSec: Math.round(t.rounds[i]!.requestsPerSec), p99Ms: t.rounds[i]!.p99Ms },
      ]),
    ),
    statusOverTrivial: Math.round(statusOverTrivial * 100) / 100,
  }));
}

function printTrend(results: TargetResult[]): void {
  console.log("\nper round: req/s and p99 ms of each target, and status / trivial route");
  const cells = (xs: string[]) => console.log(xs.map((x, i) => (i === 0 ? x.padEnd(5) : x.padStart(18))).join(" "));
  cells(["round", ...results.map((t) => `${t.name} req/s p99`), "status/trivial"]);
  for (const row of perRoundOf(results))
    cells([
      String(row.round),
      ...results.map((t) => `${row.targets[t.name]!.requestsPerSec} ${row.targets[t.name]!.p99Ms.toFixed(1)}`),
      row.statusOverTrivial.toFixed(2),
    ]);
}

/** What ran over each run's window, in cores: the machine's other work shows here, not in req/s alone. */
function printWindows(results: TargetResult[]): void {
  const parts = [...new Set(results.flatMap((t) => t.rounds.flatMap((r) => Object.keys(r.windowCores ?? {}))))];
  if (parts.length === 0) return;
  console.log("\nCPU over each run's window, in cores (postgres: all its processes; machine: everything)");
  const cells = (xs: string[]) =>
    console.log(xs.map((x, i) => (i < 2 ? x.padEnd(i === 0 ? 8 : 5) : x.padStart(9))).join(" "));
  cells(["target", "round", ...parts]);
  for (const t of results)
    t.rounds.forEach((r, i) =>
      cells([i === 0 ? t.name : "", String(i + 1), ...parts.map((p) => fixed(r.windowCores?.[p], 2))]),
    );
}

const fixed = (x: number | undefined, digits: number) => (x === undefined ? "n/a" : x.toFixed(digits));

export function printReport({
  results,
  checks,
  connections,
  seconds,
}: {
  results: TargetResult[];
  checks: Check[];
  connections: number;
  seconds: number;
}): void {
  const width = Math.max(...results.map((t) => t.label.length));
  const row = (cells: (string | number)[]) =>
    console.log(cells.map((c, i) => (i < 2 ? String(c).padEnd(i === 0 ? width : 5) : String(c).padStart(8))).join(" "));
  console.log(`\n${connections} connections, ${seconds} s per run, each after a 1 s warm-up`);
  console.log(
    `"all": req/s and cpu/req = median of the rounds; p50/p99 = over every round's responses; non-2xx/errors = sum`,
  );
  console.log(`"cpu/req" = server process CPU ms per request; "idle" = machine idle in the 0.5 s before the run`);
  row(["target", "round", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "cpu/req", "idle"]);
  for (const t of results) {
    t.rounds.forEach((r, i) =>
      row([
        i === 0 ? t.label : "",
        String(i + 1),
        r.requestsPerSec.toFixed(0),
        r.p50Ms,
        r.p99Ms,
        r.non2xx,
        r.errors,
        fixed(r.cpuMsPerRequest, 3),
        r.idleBefore === undefined ? "n/a" : `${(r.idleBefore * 100).toFixed(0)}%`,
      ]),
    );
    const o = t.overall;
    row([
      "",
      "all",
      o.requestsPerSec.toFixed(0),
      o.p50Ms.toFixed(1),
      o.p99Ms.toFixed(1),
      o.non2xx,
      o.errors,
      fixed(o.cpuMsPerRequest, 3),
      "",
    ]);
  }
  const ratios = ratiosOf(Object.fromEntries(results.map((r) => [r.name, r])));
  printTrend(results);
  printWindows(results);
  console.log("\nratios of req/s (median of the per-round ratios)");
  console.log(
    `  status / trivial route  ${ratios.statusOverTrivial.toFixed(2)}  (target >= ${MIN_STATUS_OVER_TRIVIAL} in every round; from CPU per request: ${fixed(ratios.statusOverTrivialByCpu, 2)})`,
  );
  console.log(`  status / bare server    ${ratios.statusOverBare.toFixed(2)}`);
  console.log(`  create / trivial route  ${ratios.createOverTrivial.toFixed(2)}`);
  const busy = results.flatMap((t) => t.rounds).filter((r) => r.idleBefore !== undefined && r.idleBefore < 0.9);
  if (busy.length > 0)
    console.log(
      `\nWARNING: ${busy.length} of ${results.length * results[0]!.rounds.length} runs started while other processes used the CPU: req/s are noisy (CPU per request much less so)`,
    );
  console.log("");
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
}

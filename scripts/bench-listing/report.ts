import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import type { PlanSummary } from "./explain";
import type { Figures, Target } from "./measure";
import type { Seeded } from "./seed";
import type { Check } from "./verify";

import type { HandlerTimes } from "./server-log";

type Row = Target & Figures & HandlerTimes;

/** The three targets of the feature, plus an error-free run; ratios on p50, the steady cost. */
export function targetChecks(by: Record<string, Row>): Check[] {
  const ratio = (name: string, over: string, limit: number): Check => {
    const r = by[name]!.p50Ms / by[over]!.p50Ms;
    return {
      name: `${by[name]!.label} p50 <= ${limit}x ${by[over]!.label} p50`,
      pass: r <= limit,
      detail: `${by[name]!.p50Ms} / ${by[over]!.p50Ms} ms = ${r.toFixed(2)}x`,
    };
  };
  const p95 = (name: string): Check => ({
    name: `${by[name]!.label} p95 < 30 ms`,
    pass: by[name]!.p95Ms < 30,
    detail: `${by[name]!.p95Ms} ms`,
  });
  const failures = Object.values(by).reduce((n, r) => n + r.non2xx + r.errors, 0);
  return [
    ratio("deep_date", "page1", 1.5),
    ratio("deep_amount", "page1", 1.5),
    ratio("stats_1m", "stats_1k", 2),
    ratio("range_1m", "range_1k", 2),
    p95("page1"),
    p95("deep_date"),
    p95("deep_amount"),
    { name: "every measured response 2xx, no socket errors", pass: failures === 0, detail: `${failures} failed` },
  ];
}

export function printTable({
  rows,
  connections,
  seconds,
  rounds,
  load,
}: {
  rows: Row[];
  connections: number;
  seconds: number;
  rounds: number;
  load: { before: number; after: number };
}): void {
  console.log(
    `\nclosed-loop load, ${connections} connections, ${rounds} x ${seconds} s per target (interleaved, 1 s warm-up each); latency of 2xx responses`,
  );
  console.log(
    `load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after, on ${cpus().length} cores (other work on the machine shows in the tail)`,
  );
  console.log("handler = time inside the route handler (auth + lib/listings + queries), from the app's request log");
  const head = ["target", "p50 ms", "p95 ms", "p99 ms", "req/s", "n", "errors", "handler p50", "handler p95"];
  const lines = rows.map((r) => [
    r.label,
    ...[r.p50Ms, r.p95Ms, r.p99Ms].map((v) => v.toFixed(2)),
    r.reqPerSec.toFixed(0),
    String(r.requests),
    String(r.non2xx + r.errors),
    r.handlerP50Ms.toFixed(1),
    r.handlerP95Ms.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(fmt(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
}

export function printChecks(title: string, checks: Check[]): void {
  console.log(`\n${title}`);
  for (const c of checks) console.log(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name}  (${c.detail})`);
}

export function printPlans(plans: PlanSummary[]): void {
  console.log("\nEXPLAIN (ANALYZE, BUFFERS) of the SQL lib/listings sends (3rd run, warm)");
  for (const p of plans) {
    const jit = p.jitMs === null ? "" : `, JIT ${p.jitMs} ms`;
    console.log(`  ${p.name}: execution ${p.executionMs} ms, planning ${p.planningMs} ms${jit}`);
    for (const n of p.nodes) console.log(`      ${n}`);
  }
}

/** The figures as JSON, without the API keys (request headers, merchants' keys). */
export function writeJson(
  file: string,
  r: {
    database: string;
    settings: object;
    seed: Seeded & { seconds: number };
    walks: object;
    range: object;
    rows: Row[];
    targets: Check[];
    correctness: Check[];
    plans: PlanSummary[];
  },
): void {
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version };
  const merchants = Object.fromEntries(
    Object.values(r.seed.merchants).map((m) => [m.name, { merchantId: m.merchantId, payments: m.payments }]),
  );
  const results = r.rows.map((row) => {
    const { headers, url, ...figures } = row;
    return { ...figures, path: url.replace(/^https?:\/\/[^/]+/, ""), authenticated: "Api-Key" in headers };
  });
  const seed = { seconds: r.seed.seconds, steps: r.seed.steps, anchor: r.seed.anchor, rows: r.seed.rows, merchants };
  const body = {
    at: new Date().toISOString(),
    machine,
    database: r.database,
    settings: r.settings,
    seed,
    walks: r.walks,
    range: r.range,
    results,
    targets: r.targets,
    correctness: r.correctness,
    explain: r.plans,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

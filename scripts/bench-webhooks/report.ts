import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS } from "../../tests/support/server";
import type { BenchEndpoint } from "./receiver";

/** Where an attempt's time goes, from the app's own records: waiting to be claimed, then the attempt itself. */
export type Split = { wait_p50: number; wait_p99: number; attempt_p50: number; attempt_p99: number };

/** The merchants of one kind (healthy or hanging), their endpoints and how many events they should get. */
export type Group = { merchants: number; endpoints: BenchEndpoint[]; expected: number; split: Split | undefined };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function figuresOf(group: Group, started: number) {
  const arrivals = group.endpoints.flatMap((e) => e.arrivals);
  const delays = arrivals.map((a) => a.arrivedAt - a.changedAt).sort((a, b) => a - b);
  const last = Math.max(...arrivals.map((a) => a.arrivedAt));
  return {
    merchants: group.merchants,
    endpoints: group.endpoints.length,
    events: {
      expected: group.expected,
      arrived: arrivals.length,
      unique: new Set(arrivals.map((a) => a.eventId)).size,
      refusedSignatures: group.endpoints.reduce((n, e) => n + e.refused, 0),
    },
    arrivedPerSecond: arrivals.length ? Math.round((arrivals.length / (last - started)) * 1000) : 0,
    split: group.split,
    delayMs: {
      p50: percentile(delays, 50),
      p90: percentile(delays, 90),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? NaN,
    },
  };
}

const merchants = (n: number) => `${n} merchant${n === 1 ? "" : "s"}`;

const splitLine = (s: Split | undefined) =>
  s
    ? `change -> attempt started p50 ${s.wait_p50} ms, p99 ${s.wait_p99} ms; attempt (POST to answer or timeout) p50 ${s.attempt_p50} ms, p99 ${s.attempt_p99} ms`
    : "no attempts recorded";

/** Print the figures per group, the targets with PASS/FAIL, and write them to tests/artifacts/bench-webhooks.json. */
export function report(
  scenario: Record<string, number | boolean>,
  groups: { healthy: Group; hanging: Group },
  t: { started: number; changesDone: number },
) {
  const changes = groups.healthy.expected + groups.hanging.expected;
  const healthy = figuresOf(groups.healthy, t.started);
  const hanging = groups.hanging.merchants ? figuresOf(groups.hanging, t.started) : undefined;
  const figures = {
    scenario,
    changesPerSecond: Math.round((changes / (t.changesDone - t.started)) * 1000),
    healthy,
    hanging,
  };
  writeFileSync(join(ARTIFACTS, "bench-webhooks.json"), JSON.stringify(figures, null, 2));
  console.log(
    `\nstate changes: ${changes} in ${((t.changesDone - t.started) / 1000).toFixed(1)} s (${figures.changesPerSecond}/s)`,
  );
  const e = healthy.events;
  console.log(
    `healthy (${merchants(healthy.merchants)}, ${healthy.endpoints} endpoints): ${e.arrived} events delivered (${e.unique} distinct of ${e.expected}, ${e.refusedSignatures} refused signatures) at ${healthy.arrivedPerSecond}/s`,
  );
  console.log(
    `  change -> delivery: p50 ${healthy.delayMs.p50} ms, p90 ${healthy.delayMs.p90} ms, p99 ${healthy.delayMs.p99} ms, max ${healthy.delayMs.max} ms`,
  );
  console.log(`  of which: ${splitLine(healthy.split)}`);
  if (hanging) {
    const h = hanging.events;
    // Nothing to a hanging endpoint is ever delivered: these are the requests that reached it and got no answer.
    console.log(
      `hanging (${merchants(hanging.merchants)}, ${hanging.endpoints} endpoints): ${h.arrived} requests reached it unanswered (${h.unique} distinct events of ${h.expected}), none delivered`,
    );
    console.log(`  ${splitLine(hanging.split)}`);
  }
  const checks = [
    {
      pass: e.arrived === e.expected && e.unique === e.expected && e.refusedSignatures === 0,
      detail: `every healthy merchant's event delivered once, verified (${e.unique}/${e.expected})`,
    },
    {
      pass: healthy.delayMs.p99 < 1000,
      detail: `healthy merchants' p99 change -> delivery < 1 s (${healthy.delayMs.p99} ms)`,
    },
  ];
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"} ${c.detail}`);
}

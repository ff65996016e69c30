import type { StatementUse } from "./statements";
import type { ProfileSummary } from "./cpu-profile";
import type { CpuUse } from "./cpu-usage";
import type { ChainFigures, RpcFigures } from "./figures";
import { LABEL } from "./figures";
import type { ClaimPlan, PassFigures } from "./watcher-passes";

export type Check = { name: string; pass: boolean; detail: string };

/** A table with the first column left-aligned and the others right-aligned, widths from the cells. */
export function printTable(head: string[], lines: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(fmt(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "n/a");
const both = (s: { p50: number; p99: number }) => `${ms(s.p50)} / ${ms(s.p99)}`;

export function printSettlement({
  chains,
  single,
  total,
  settings,
  cpu,
  cpuOneAtATime,
  clockPolls,
}: {
  chains: ChainFigures[];
  single: ChainFigures[];
  total: { payments: number; seconds: number; perSecond: number; notSucceeded: number };
  settings: string;
  cpu: CpuUse;
  cpuOneAtATime: CpuUse;
  clockPolls: { made: number; failed: number };
}): void {
  console.log(`\n1. confirm to final: ${total.payments} payments, every confirm fired at once, ${settings}`);
  console.log(
    "   final: arrival at the bench of the payment's last payment_status NOTIFY (LISTEN; the trigger of migration 0004 sends it at commit)",
  );
  console.log(
    "   chain's own: the app's send reaching the RPC proxy -> the first 10 ms poll of the chain itself showing the transaction confirmed",
  );
  printTable(
    [
      "chain",
      "payments",
      "not ok",
      "confirm answer p50/p99 ms",
      "confirm->final p50/p99 ms",
      "chain's own p50/p99 ms",
      "p99 diff ms",
      "target ms",
    ],
    chains.map((c) => [
      LABEL[c.chain],
      String(c.payments),
      String(c.notSucceeded),
      both(c.confirmAnswer),
      both(c.confirmToFinal),
      both(c.chainOwn),
      ms(c.p99Diff),
      `<= ${c.targetMs}`,
    ]),
  );
  console.log(
    `all: first confirm to last final ${total.seconds.toFixed(2)} s = ${total.perSecond.toFixed(1)} payments/s; not succeeded: ${total.notSucceeded}`,
  );
  console.log("\nwhere the time goes (p50 / p99 ms)");
  printTable(
    ["chain", "confirm request -> send at the RPC", "send -> on chain", "on chain -> final"],
    chains.map((c) => [LABEL[c.chain], both(c.toSend), both(c.onChain), both(c.toFinal)]),
  );
  const s = (x: number) => (x / 1000).toFixed(1);
  const label = (name: string) =>
    name === "bench"
      ? `bench (RPC proxies, ${clockPolls.made} chain clock polls${clockPolls.failed ? ` of which ${clockPolls.failed} failed` : ""}, LISTEN, HTTP clients)`
      : name;
  const parts = [
    ...Object.entries(cpu.parts).map(([name, ms]) => `${label(name)} ${s(ms)}`),
    `PostgreSQL (this database's backends) ${s(cpu.postgres)}`,
  ];
  console.log(
    `\nCPU seconds over those ${cpu.seconds.toFixed(1)} s: ${parts.join(", ")}; the whole machine ${s(cpu.machine)} of ${cpu.cores} x ${cpu.seconds.toFixed(1)} (${((cpu.machine / (cpu.cores * cpu.seconds * 1000)) * 100).toFixed(0)}% busy, other users' work included)`,
  );
  console.log(
    `\nfor reference, ${single.reduce((n, c) => n + c.payments, 0)} more payments confirmed one at a time (each once the previous was final): the same path with no queue`,
  );
  printTable(
    [
      "chain",
      "payments",
      "not ok",
      "confirm answer p50/p99 ms",
      "confirm->final p50/p99 ms",
      "chain's own p50/p99 ms",
      "p99 diff ms",
      "on chain -> final p50/p99 ms",
    ],
    single.map((c) => [
      LABEL[c.chain],
      String(c.payments),
      String(c.notSucceeded),
      both(c.confirmAnswer),
      both(c.confirmToFinal),
      both(c.chainOwn),
      ms(c.p99Diff),
      both(c.toFinal),
    ]),
  );
  const singles = single.reduce((n, c) => n + c.payments, 0);
  const appMs = Object.entries(cpuOneAtATime.parts)
    .filter(([name]) => name.startsWith("app"))
    .reduce((sum, [, ms]) => sum + ms, 0);
  const perSecond = (ms: number) => (ms / cpuOneAtATime.seconds).toFixed(0);
  console.log(
    `CPU over those ${singles} (${cpuOneAtATime.seconds.toFixed(1)} s; the jobs' passes, idle or watching the burst's transfers to finality, included): app instances ${perSecond(appMs)} ms per second (${(appMs / singles).toFixed(0)} ms per payment), PostgreSQL ${perSecond(cpuOneAtATime.postgres)} ms per second`,
  );
}

export function printRpc(figures: RpcFigures[]): void {
  console.log("\n2. RPC calls per payment, counted at the proxies in front of both instances");
  console.log(
    "   prep = create, options, fetch (Solana), sign; confirm-to-final = from the first confirm until every payment was final",
  );
  console.log(
    "   eth_getBalance / getBalance come from the gas balance job (lib/jobs), not from a payment: shown when they fall in a window, left out of the sums",
  );
  for (const f of figures) {
    const per = (n: number) => (n / f.payments).toFixed(2);
    const lines = f.rows.map((r) => [
      `${r.method}${r.excluded ? " (gas balance job, excluded)" : ""}`,
      String(r.prep),
      per(r.prep),
      String(r.confirm),
      per(r.confirm),
    ]);
    lines.push(["per payment, excluded left out", "", f.prepPerPayment.toFixed(2), "", f.confirmPerPayment.toFixed(2)]);
    console.log(
      `\n${LABEL[f.chain]}: ${f.payments} payments; prep + confirm-to-final = ${f.totalPerPayment.toFixed(2)} calls per payment (target <= ${f.target})`,
    );
    printTable(["method", "prep calls", "/payment", "confirm-to-final calls", "/payment"], lines);
  }
}

export function printWatcher(figures: PassFigures[], plans: ClaimPlan[]): void {
  console.log(
    "\n3. watcher passes (checkDueSubmissions in the bench process; statements counted by postgres.js's debug hook)",
  );
  console.log(
    "   due rows: wallet-sent transfers unknown to the chain, looked at on anvil and rescheduled; not-due rows: next check in an hour",
  );
  printTable(
    ["not-due rows", "due rows", "claimed", "queries/pass", "statements (one pass)", "pass ms median", "max"],
    figures.map((f) => [
      f.notDue.toLocaleString("en-US"),
      String(f.due),
      String(f.claimed),
      [...new Set(f.queries)].join("/"),
      Object.entries(f.statements)
        .map(([k, n]) => `${n} ${k}`)
        .join(", "),
      f.medianMs.toFixed(2),
      f.maxMs.toFixed(2),
    ]),
  );
  for (const p of plans) {
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) of the claim, ${p.notDue.toLocaleString("en-US")} not-due rows, ${p.due} due (rolled back)`,
    );
    for (const line of p.lines) console.log(`   ${line}`);
  }
}

export function printChecks(checks: Check[]): void {
  console.log("\ntargets");
  for (const c of checks) console.log(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name}  (${c.detail})`);
}

/** The burst's CPU profiles: the busiest frames and packages by self time, per instance. */
export function printProfiles(profiles: ProfileSummary[], payments: number): void {
  for (const [i, p] of profiles.entries()) {
    console.log(
      `\nCPU profile of app ${i + 1} over the burst: ${p.sampledMs.toFixed(0)} ms busy (${(p.sampledMs / (payments / profiles.length)).toFixed(1)} ms per payment it served, assuming an even split; gaps over 20 ms between samples, ${p.stalledMs.toFixed(0)} ms, left out); ${p.file}`,
    );
    const rows = (frames: ProfileSummary["top"]) =>
      frames.map((f) => [f.frame.slice(0, 110), f.selfMs.toFixed(0), `${(f.share * 100).toFixed(1)}%`]);
    printTable(["where (self time, by package)", "ms", "share"], rows(p.byPlace.slice(0, 8)));
    printTable(["frame (self time)", "ms", "share"], rows(p.top));
  }
}

/** The database's side of the burst: statements and their execution time per payment, the costliest first. */
export function printStatements(use: StatementUse, payments: number): void {
  console.log(
    "\ndatabase statements over the burst (pg_stat_statements: execution time, not counting parse or network)",
  );
  if ("unavailable" in use) return console.log(`  ${use.unavailable}`);
  console.log(
    `  ${use.calls} statements, ${(use.calls / payments).toFixed(1)} per payment; ${use.totalMs.toFixed(0)} ms executing, ${(use.totalMs / payments).toFixed(2)} ms per payment`,
  );
  printTable(
    ["statement", "calls", "/payment", "ms", "ms/payment"],
    use.top.map((s) => [
      s.query.slice(0, 100),
      String(s.calls),
      (s.calls / payments).toFixed(2),
      s.totalMs.toFixed(0),
      (s.totalMs / payments).toFixed(3),
    ]),
  );
}

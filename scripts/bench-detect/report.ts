import { percentile } from "../bench-listing/measure";
import { printTable } from "../bench-settle/report";
import type { WindowFigures } from "./scan-window";
import type { SeededLevel } from "./seed-open-payments";
import type { WatchSetCost } from "./watch-set-cost";

export type Latencies = { rows: number[]; payments: number[] };

export type LevelResult = {
  seeded: Omit<SeededLevel, "payable" | "addresses">;
  idle: WindowFigures;
  busy: WindowFigures;
  transfers: { sent: number; bound: number; plain: number; wrong: string[] };
  latency: Latencies;
  watchSet: WatchSetCost;
  /** Networks with a scan cursor at the end (the ones the ledger scans). */
  scannedChains: string[];
};

export type Network = { chainId: string; proxy: string; scanned: boolean; confirmations: number };

const sum = (o: Record<string, number> | undefined) => Object.values(o ?? {}).reduce((a, b) => a + b, 0);
const per = (n: number, blocks: number) => (blocks > 0 ? (n / blocks).toFixed(2) : "n/a");
const shorten = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** All statements of a window, and the rows they returned. */
export function statementTotals(w: WindowFigures): { executions: number; rows: number } {
  let executions = 0;
  let rows = 0;
  for (const f of w.statements.values()) {
    executions += f.executions;
    rows += f.rows;
  }
  return { executions, rows };
}

/** RPC calls and database statements per scanned block, per level, network and window, with RPC methods. */
export function printPerBlock(levels: LevelResult[], networks: Network[]): void {
  console.log("\nper scanned block (windows from one move of the EVM scan cursor to another: whole scans)");
  const lines: string[][] = [];
  for (const l of levels) {
    for (const [window, w] of [
      ["idle", l.idle],
      [`${l.transfers.sent} transfers`, l.busy],
    ] as const) {
      const db = statementTotals(w);
      lines.push([
        `${l.seeded.payments.toLocaleString("en-US")} open`,
        window,
        `${w.scans} / ${w.blocks}`,
        ...networks.map((n) => per(sum(w.rpc[n.proxy]), w.blocks)),
        per(db.executions, w.blocks),
        per(db.rows, w.blocks),
      ]);
      for (const n of networks) {
        const methods = Object.entries(w.rpc[n.proxy] ?? {}).sort(([a], [b]) => a.localeCompare(b));
        for (const [method, calls] of methods)
          lines.push([
            "",
            `  ${n.proxy}: ${method}`,
            "",
            ...networks.map((m) => (m === n ? per(calls, w.blocks) : "")),
            "",
            "",
          ]);
      }
    }
  }
  printTable(
    [
      "open payments",
      "window",
      "scans / blocks",
      ...networks.map((n) => `${n.proxy} RPC/block`),
      "DB statements/block",
      "DB rows/block",
    ],
    lines,
  );
  for (const n of networks.filter((x) => !x.scanned))
    console.log(
      `${n.chainId}: not scanned by the ledger (its adapter has no scanBlocks); its RPC calls are shown per EVM block`,
    );
}

/** The statements the app sent most often while idle at the largest level, with their figures at every level. */
export function printStatements(levels: LevelResult[], top: number): void {
  const last = levels.at(-1)!;
  const texts = [...last.idle.statements.entries()]
    .sort(([, a], [, b]) => b.executions - a.executions || b.rows - a.rows)
    .slice(0, top)
    .map(([text]) => text);
  console.log(
    `\nthe app's statements while idle, per scanned block: executions, rows per execution, ms per execution (request to completion at the proxy)`,
  );
  printTable(
    ["statement", ...levels.map((l) => `${l.seeded.payments.toLocaleString("en-US")} open: per block / rows / ms`)],
    texts.map((text) => [
      shorten(text, 100),
      ...levels.map((l) => {
        const f = l.idle.statements.get(text);
        if (!f) return "-";
        return `${per(f.executions, l.idle.blocks)} / ${(f.rows / f.executions).toFixed(0)} / ${(f.totalMs / f.executions).toFixed(1)}`;
      }),
    ]),
  );
}

export function printWatchSet(levels: LevelResult[]): void {
  console.log(
    "\nlib/ledger/load-watch-set.ts alone (in the bench, app stopped): median of 7 calls; EXPLAIN ANALYZE of each statement",
  );
  for (const l of levels) {
    const w = l.watchSet;
    const parts = w.statements.map((s, i) => `statement ${i + 1}: ${s.executionMs.toFixed(2)} ms, ${s.rows} rows`);
    console.log(
      `  ${l.seeded.payments.toLocaleString("en-US")} open (${l.seeded.options.toLocaleString("en-US")} quotes): ${w.medianMs.toFixed(1)} ms, ${w.addresses} addresses, native ${w.native}; ${parts.join("; ")}`,
    );
  }
}

export function printLatency(levels: LevelResult[], targetMs: number, settings: string): void {
  console.log(`\ndetection latency after the block (ms): ${settings}`);
  const ms = (xs: number[], p: number) => (xs.length ? percentile(xs, p).toFixed(0) : "n/a");
  printTable(
    [
      "open payments",
      "transfers",
      "row p50",
      "row p99",
      "row max",
      "bound payments",
      "succeeded p50",
      "p99",
      "max",
      "target",
    ],
    levels.map((l) => [
      l.seeded.payments.toLocaleString("en-US"),
      `${l.latency.rows.length} of ${l.transfers.sent}`,
      ms(l.latency.rows, 50),
      ms(l.latency.rows, 99),
      ms(l.latency.rows, 100),
      `${l.latency.payments.length} of ${l.transfers.bound}`,
      ms(l.latency.payments, 50),
      ms(l.latency.payments, 99),
      ms(l.latency.payments, 100),
      `<= ${targetMs}`,
    ]),
  );
}

import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { loadWatchSet } from "@/lib/ledger/load-watch-set";

export type WatchSetCost = {
  addresses: number;
  native: boolean;
  medianMs: number;
  statements: { text: string; executionMs: number; rows: number; plan: string[] }[];
};

const RUNS = 7;

/**
 * lib/ledger/load-watch-set.ts as a scan runs it, in this process on a connection of its own with
 * nothing else running: the median of 7 calls (after one that prepares the statements), and
 * EXPLAIN (ANALYZE, BUFFERS) of each statement it sent, with the same text and parameters.
 */
export async function measureWatchSet(url: string, chainId: string): Promise<WatchSetCost> {
  const sent: { query: string; params: unknown[] }[] = [];
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_c, query, params) => sent.push({ query, params }),
  });
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    let watch = await loadWatchSet(db, chainId);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      sent.length = 0;
      const started = performance.now();
      watch = await loadWatchSet(db, chainId);
      times.push(performance.now() - started);
    }
    const statements = [];
    for (const s of [...sent]) {
      const rows = await client.unsafe<{ "QUERY PLAN": string }[]>(
        `explain (analyze, buffers) ${s.query}`,
        s.params as never[],
      );
      const plan = rows.map((r) => r["QUERY PLAN"]);
      statements.push({
        text: s.query.replace(/\s+/g, " ").trim(),
        executionMs: Number(/Execution Time: ([0-9.]+)/.exec(plan.at(-1) ?? "")?.[1] ?? NaN),
        // PostgreSQL 18 prints actual rows with decimals (rows=1000.00 loops=1).
        rows: Number(/rows=([0-9.]+) loops/.exec(plan[0] ?? "")?.[1] ?? NaN),
        plan,
      });
    }
    times.sort((a, b) => a - b);
    return { addresses: watch.merchantOf.size, native: watch.native, medianMs: times[RUNS >> 1]!, statements };
  } finally {
    await client.end({ timeout: 5 });
  }
}

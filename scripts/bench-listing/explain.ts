import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import { listPaymentsPage } from "@/lib/listings/list-payments-page";
import { parseListingQuery } from "@/lib/listings/listing-query";
import { listingStats } from "@/lib/listings/listing-stats";

export type ExplainCase = {
  name: string;
  merchant: { id: string; currency: string };
  query: string;
  part: "page" | "stats";
};
export type PlanSummary = {
  name: string;
  executionMs: number;
  planningMs: number;
  jitMs: number | null;
  nodes: string[];
};

type PlanNode = {
  "Node Type": string;
  "Subplan Name"?: string;
  "CTE Name"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
};
type Explained = {
  Plan: PlanNode;
  "Execution Time": number;
  "Planning Time": number;
  JIT?: { Timing?: { Total?: number | { Total?: number } } };
};

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the very SQL lib/listings sends: the listing functions run against a
 * drizzle instance whose logger records each statement and its parameters, and the page or stats
 * statement is explained with the same parameters (unnamed statements, like drizzle's, so the
 * same custom plans). Three runs each; the last one, warm like the HTTP runs, is summarised.
 */
export async function explainListing(url: string, cases: ExplainCase[]): Promise<PlanSummary[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const summaries: PlanSummary[] = [];
    for (const c of cases) {
      const captured: { query: string; params: unknown[] }[] = [];
      const db = drizzle(sql, {
        schema,
        logger: { logQuery: (query, params) => void captured.push({ query, params }) },
      });
      const q = parseListingQuery(new URLSearchParams(c.query));
      if (c.part === "page") await listPaymentsPage(db, c.merchant.id, q);
      else await listingStats(db, c.merchant, q);
      const statement = captured.find((s) =>
        c.part === "page" ? /from "payments"/.test(s.query) : /merchant_(stats|revenue_daily)/.test(s.query),
      );
      if (!statement)
        throw new Error(`explain ${c.name}: lib/listings sent no ${c.part} query (captured: ${captured.length})`);
      let result: Explained | undefined;
      for (let i = 0; i < 3; i++) {
        const [row] = await sql.unsafe<{ "QUERY PLAN": Explained[] }[]>(
          `explain (analyze, buffers, format json) ${statement.query}`,
          statement.params as never[],
        );
        result = row!["QUERY PLAN"][0];
      }
      summaries.push(summarise(c.name, result!));
    }
    return summaries;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function summarise(name: string, e: Explained): PlanSummary {
  const nodes: string[] = [];
  const visit = (n: PlanNode, depth: number) => {
    const on = [
      n["Index Name"] && `using ${n["Index Name"]}`,
      n["Relation Name"] && `on ${n["Relation Name"]}`,
      n["CTE Name"] && `of ${n["CTE Name"]}`,
    ]
      .filter(Boolean)
      .join(" ");
    const sub = n["Subplan Name"] ? `[${n["Subplan Name"]}] ` : "";
    const loops = (n["Actual Loops"] ?? 1) > 1 ? ` x${n["Actual Loops"]} loops` : "";
    const buffers = `hit ${n["Shared Hit Blocks"] ?? 0}${n["Shared Read Blocks"] ? ` read ${n["Shared Read Blocks"]}` : ""}`;
    nodes.push(
      `${"  ".repeat(depth)}${sub}${n["Node Type"]}${on ? ` ${on}` : ""} (rows ${n["Actual Rows"] ?? "?"}${loops}, ${buffers})`,
    );
    for (const child of n.Plans ?? []) visit(child, depth + 1);
  };
  visit(e.Plan, 0);
  const jit = e.JIT?.Timing?.Total;
  const jitMs = jit === undefined ? null : typeof jit === "number" ? jit : (jit.Total ?? null);
  return {
    name,
    executionMs: round2(e["Execution Time"]),
    planningMs: round2(e["Planning Time"]),
    jitMs: jitMs === null ? null : round2(jitMs),
    nodes,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

import postgres from "postgres";
import type { ExplainCase } from "./explain";
import type { Target } from "./measure";
import type { BenchMerchant, Seeded } from "./seed";
import { checkDeepPageStart, checkStats, fetchListing, type Check } from "./verify";
import type { Walk } from "./walk";

export type Scenario = {
  targets: Target[];
  floor: Target;
  range: { start: string; end: string };
  explainCases: ExplainCase[];
};

/** What is measured: each listing request over HTTP, and the same listings for EXPLAIN. */
export function scenario(appUrl: string, seeded: Seeded, walks: { date: Walk; amount: Walk }): Scenario {
  const A = seeded.merchants.A!;
  const B = seeded.merchants.B!;
  // ~3 months, neither end on a UTC day boundary, so both partial edge days are read from payments.
  const start = new Date(Date.parse(seeded.anchor) - 200 * 86_400_000 + (7 * 3600 + 13 * 60 + 27.25) * 1000);
  const range = {
    start: start.toISOString(),
    end: new Date(start.getTime() + (91 * 86_400 + 3 * 3600 + 31 * 60 + 10.5) * 1000).toISOString(),
  };
  const ranged = `limit=1&start_ts=${encodeURIComponent(range.start)}&end_ts=${encodeURIComponent(range.end)}`;
  // The cursor binds sort and filters, not the limit: walked at 200, measured at 50 like page 1.
  const deep = (w: Walk) => `limit=50${w.query ? `&${w.query}` : ""}&cursor=${encodeURIComponent(w.cursor)}`;
  const depth = (w: Walk) => `${w.depth.toLocaleString("en-US")} rows in`;
  const cases: { name: string; label: string; query: string; m: BenchMerchant; part: ExplainCase["part"] }[] = [
    { name: "page1", label: "page 1, A (limit 50, date desc)", query: "limit=50", m: A, part: "page" },
    {
      name: "deep_date",
      label: `deep page, A, by date (${depth(walks.date)})`,
      query: deep(walks.date),
      m: A,
      part: "page",
    },
    {
      name: "deep_amount",
      label: `deep page, A, by amount (${depth(walks.amount)})`,
      query: deep(walks.amount),
      m: A,
      part: "page",
    },
    { name: "stats_1m", label: "stats, A 1M rows (limit=1)", query: "limit=1", m: A, part: "stats" },
    { name: "stats_1k", label: "stats, B 1k rows (limit=1)", query: "limit=1", m: B, part: "stats" },
    { name: "range_1m", label: "stats + 91-day range, A (limit=1)", query: ranged, m: A, part: "stats" },
    { name: "range_1k", label: "stats + 91-day range, B (limit=1)", query: ranged, m: B, part: "stats" },
  ];
  return {
    targets: cases.map((c) => ({
      name: c.name,
      label: c.label,
      url: `${appUrl}/v1/merchants/payments?${c.query}`,
      headers: { "Api-Key": c.m.apiKey, "Merchant-Id": c.m.merchantId },
    })),
    // The app's trivial route under the same load: what Next.js and this machine cost before any listing work.
    floor: { name: "livez", label: "floor: GET /livez (trivial route)", url: `${appUrl}/livez`, headers: {} },
    range,
    explainCases: cases.map((c) => ({
      name: c.label,
      merchant: { id: c.m.merchantId, currency: "USD" },
      query: c.query,
      part: c.part,
    })),
  };
}

/** Before timing anything: every target answers 200, deep pages start where OFFSET says, stats equal a direct count. */
export async function correctnessChecks({
  url,
  s,
  seeded,
  walks,
}: {
  url: string;
  s: Scenario;
  seeded: Seeded;
  walks: { date: Walk; amount: Walk };
}): Promise<Check[]> {
  const target = Object.fromEntries(s.targets.map((t) => [t.name, t]));
  const A = seeded.merchants.A!.merchantId;
  const B = seeded.merchants.B!.merchantId;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    for (const t of s.targets) await fetchListing(t);
    return [
      await checkDeepPageStart(sql, {
        target: target.deep_date!,
        merchantId: A,
        byAmount: false,
        depth: walks.date.depth,
      }),
      await checkDeepPageStart(sql, {
        target: target.deep_amount!,
        merchantId: A,
        byAmount: true,
        depth: walks.amount.depth,
      }),
      await checkStats(sql, { target: target.stats_1m!, merchantId: A }),
      await checkStats(sql, { target: target.stats_1k!, merchantId: B }),
      await checkStats(sql, { target: target.range_1m!, merchantId: A, range: s.range }),
      await checkStats(sql, { target: target.range_1k!, merchantId: B, range: s.range }),
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

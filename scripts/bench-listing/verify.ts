import type postgres from "postgres";
import type { Target } from "./measure";

export type Check = { name: string; pass: boolean; detail: string };
type Listing = {
  data: { payment_id: string }[];
  stats: { total_customers: number; total_revenue: { amount: number; currency: string }; total_transactions: number };
};

/** One request, which must be a 200 listing; a target that answers errors would measure nothing. */
export async function fetchListing(target: Target): Promise<Listing> {
  const res = await fetch(target.url, { headers: target.headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.label}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Listing;
}

/**
 * The stats the app answers (kept by the trigger, read from rollups plus edge days) against a
 * direct count over the raw payments with the same date range. USD is the merchants' currency.
 */
export async function checkStats(
  sql: postgres.Sql,
  { target, merchantId, range }: { target: Target; merchantId: string; range?: { start: string; end: string } },
): Promise<Check> {
  const { stats } = await fetchListing(target);
  const [direct] = await sql<{ tx: number; customers: number; usd: string }[]>`
    select count(*)::int as tx, count(distinct buyer_account)::int as customers,
           coalesce(sum(fiat_amount) filter (where fiat_currency = 'USD'), 0)::bigint::text as usd
      from payments
     where merchant_id = ${merchantId} and status = 'succeeded'
       ${range ? sql`and created_at >= ${range.start}::timestamptz and created_at <= ${range.end}::timestamptz` : sql``}`;
  const answered = {
    tx: stats.total_transactions,
    customers: stats.total_customers,
    usd: String(Math.round(stats.total_revenue.amount * 100)),
  };
  const pass = answered.tx === direct!.tx && answered.customers === direct!.customers && answered.usd === direct!.usd;
  return {
    name: `stats = direct count: ${target.label}`,
    pass,
    detail: `app ${answered.tx} tx / ${answered.customers} customers / ${answered.usd} cents; direct ${direct!.tx} / ${direct!.customers} / ${direct!.usd}`,
  };
}

/**
 * The deep page reached by cursor must start at the row OFFSET `depth` names in the same order:
 * keyset paging that skipped or repeated a row would show here.
 */
export async function checkDeepPageStart(
  sql: postgres.Sql,
  { target, merchantId, byAmount, depth }: { target: Target; merchantId: string; byAmount: boolean; depth: number },
): Promise<Check> {
  const page = await fetchListing(target);
  const key = byAmount ? sql`fiat_amount` : sql`created_at`;
  const [row] = await sql<
    { id: string }[]
  >`select id from payments where merchant_id = ${merchantId} order by ${key} desc, id desc offset ${depth} limit 1`;
  const first = page.data[0]?.payment_id;
  return {
    name: `deep page starts at OFFSET ${depth.toLocaleString("en-US")}: ${target.label}`,
    pass: page.data.length === 50 && first === row?.id,
    detail: `${page.data.length} rows, first ${first}, OFFSET row ${row?.id}`,
  };
}

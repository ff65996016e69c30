import { and as drizzleAnd, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { currencyExponent } from "@/lib/money/iso4217";
import { foldMerchantStats } from "./fold-merchant-stats";
import { listingFilters } from "./listing-filters";
import type { ListingQuery } from "./listing-query";

export type ListingStats = {
  total_customers: number;
  total_revenue: { amount: number; currency: string };
  total_transactions: number;
};

/**
 * Statistics over every payment matching the filters, not just the page: succeeded payments, their
 * distinct buyer accounts, and revenue in the merchant's currency (payments priced in another
 * currency count as transactions, not revenue: no FX rate is assumed).
 *
 * Reads the aggregates the payments trigger keeps (migrations 0002, 0007, 0041; its queue folded in
 * first): O(1) without filters;
 * with a date range, whole UTC days come from daily rollups and only the partial days at its two
 * edges are read from payments. Distinct customers of the whole days are a sum over (day, previous
 * paying day) counts (see merchantCustomerDayGaps); a buyer of an edge day counts when it has no
 * paying day among the whole days.
 */
export async function listingStats(
  db: Db,
  merchant: { id: string; currency: string },
  q: ListingQuery,
): Promise<ListingStats> {
  const stats = await exactListingStats(db, merchant, q);
  return {
    total_transactions: stats.transactions,
    total_customers: stats.customers,
    total_revenue: { amount: toMajorUnits(stats.revenueMinor, merchant.currency), currency: merchant.currency },
  };
}

/** The same statistics with revenue exact, in minor units of the merchant's currency (the dashboard's). */
export async function exactListingStats(
  db: Db,
  merchant: { id: string; currency: string },
  q: ListingQuery,
): Promise<{ transactions: number; customers: number; revenueMinor: bigint }> {
  if (q.status?.length && !q.status.includes("succeeded")) return { transactions: 0, customers: 0, revenueMinor: 0n };
  await foldMerchantStats(db, merchant.id);
  const [row] =
    q.tokenSymbols?.length || q.referenceId
      ? await scanned(db, merchant, q)
      : q.start_ts || q.end_ts || q.asset || q.network
        ? await filtered(db, merchant, q)
        : await unfiltered(db, merchant);
  return {
    transactions: Number(row?.transactions ?? 0),
    customers: Number(row?.customers ?? 0),
    revenueMinor: BigInt(row?.revenue ?? 0),
  };
}

type StatsRow = { transactions: string | number; customers: string | number; revenue: string | number };

function unfiltered(db: Db, merchant: { id: string; currency: string }) {
  return db.execute<StatsRow>(sql`
    select coalesce((select total_transactions from merchant_stats where merchant_id = ${merchant.id}), 0) as transactions,
           coalesce((select total_customers from merchant_stats where merchant_id = ${merchant.id}), 0) as customers,
           coalesce((select sum(amount_minor) from merchant_revenue_daily
                      where merchant_id = ${merchant.id} and fiat_currency = ${merchant.currency}), 0) as revenue`);
}

function filtered(db: Db, merchant: { id: string; currency: string }, q: ListingQuery) {
  const rollup = (alias: string) =>
    and([
      q.network ? sql`${sql.raw(alias)}.chain_id = ${q.network}` : undefined,
      q.asset ? sql`${sql.raw(alias)}.token_caip19 = ${q.asset}` : undefined,
    ]);
  const raw = and([
    q.network ? sql`p.chain_id = ${q.network}` : undefined,
    q.asset ? sql`p.token_caip19 = ${q.asset}` : undefined,
  ]);
  return db.execute<StatsRow>(sql`
    with b as (
      select s, e,
        case when s is null then '-infinity'::timestamptz
             when s = date_trunc('day', s, 'UTC') then s
             else date_trunc('day', s, 'UTC') + interval '1 day' end as d0,
        case when e is null then 'infinity'::timestamptz
             else date_trunc('day', e + interval '1 microsecond', 'UTC') end as d1
      from (select ${q.start_ts ?? null}::timestamptz as s, ${q.end_ts ?? null}::timestamptz as e) x
    ),
    edge as (
      -- partial first day: [start, first midnight)
      select p.buyer_account, p.fiat_amount, p.fiat_currency from payments p, b
       where p.merchant_id = ${merchant.id} and p.status = 'succeeded' and b.s is not null
         and p.created_at >= b.s and p.created_at < b.d0 and (b.e is null or p.created_at <= b.e) ${raw}
      union all
      -- partial last day: [last midnight, end], unless the first edge already covered it
      select p.buyer_account, p.fiat_amount, p.fiat_currency from payments p, b
       where p.merchant_id = ${merchant.id} and p.status = 'succeeded' and b.e is not null
         and p.created_at >= greatest(b.d0, b.d1) and p.created_at <= b.e ${raw}
    ),
    days as (
      select r.tx_count, r.amount_minor, r.fiat_currency from merchant_revenue_daily r, b
       where r.merchant_id = ${merchant.id}
         and r.day >= (b.d0 at time zone 'UTC')::date and r.day < (b.d1 at time zone 'UTC')::date ${rollup("r")}
    )
    select (select coalesce(sum(tx_count), 0) from days) + (select count(*) from edge) as transactions,
           (select coalesce(sum(amount_minor) filter (where fiat_currency = ${merchant.currency}), 0) from days)
             + (select coalesce(sum(fiat_amount) filter (where fiat_currency = ${merchant.currency}), 0) from edge) as revenue,
           (select coalesce(sum(g.buyers), 0) from merchant_customer_day_gaps g, b
             where g.merchant_id = ${merchant.id} and g.grain = ${q.asset ? "token" : "account"}
               and g.day >= (b.d0 at time zone 'UTC')::date and g.day < (b.d1 at time zone 'UTC')::date
               and (g.prev_day < (b.d0 at time zone 'UTC')::date or g.prev_day = '-infinity') ${rollup("g")})
             + (select count(*) from (select distinct buyer_account from edge where buyer_account is not null) e, b
                 where not exists (select 1 from merchant_customer_days c
                                    where c.merchant_id = ${merchant.id} and c.buyer_account = e.buyer_account
                                      and c.day >= (b.d0 at time zone 'UTC')::date and c.day < (b.d1 at time zone 'UTC')::date ${rollup("c")})) as customers`);
}

/**
 * Filters the rollups do not carry (token symbol, reference id substring): read the merchant's
 * succeeded payments that match, through the listing's own conditions.
 */
function scanned(db: Db, merchant: { id: string; currency: string }, q: ListingQuery) {
  const where = drizzleAnd(
    ...listingFilters(merchant.id, { ...q, status: undefined, search: undefined, exception: undefined }),
    eq(payments.status, "succeeded"),
  );
  return db.execute<StatsRow>(sql`
    select count(*) as transactions,
           count(distinct ${payments.buyerAccount}) as customers,
           coalesce(sum(${payments.fiatAmount}) filter (where ${payments.fiatCurrency} = ${merchant.currency}), 0) as revenue
      from ${payments} where ${where}`);
}

/** `and x and y` for the optional filters, or nothing. */
function and(parts: (SQL | undefined)[]): SQL {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql` and ${sql.join(present, sql` and `)}` : sql``;
}

function toMajorUnits(minor: bigint, currency: string): number {
  return Number(minor) / 10 ** (currencyExponent(currency) ?? 2);
}

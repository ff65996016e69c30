import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/** What the service paid for one merchant: today, this month and in all, in the merchant's currency. */
export type MerchantFees = {
  merchantId: string;
  name: string;
  currency: string;
  payments: number;
  /** Minor units of the merchant's currency over valued fees. */
  today: bigint;
  month: bigint;
  total: bigint;
  unvalued: number;
  /** What was paid per network, in base units of its coin. */
  native: { chainId: string; symbol: string; decimals: number; amount: bigint }[];
};

/** Every merchant the service has paid fees for, most expensive first (the operator's CLI report). */
export async function feesByMerchant(db: Db): Promise<MerchantFees[]> {
  const rows = await db.execute<{
    merchant_id: string;
    name: string;
    currency: string;
    payments: number;
    today: string;
    month: string;
    total: string;
    unvalued: number;
    native: { chainId: string; symbol: string; decimals: number; amount: string }[] | null;
  }>(sql`
    with valued as (
      select f.*, m.name, m.currency as merchant_currency, f.currency = m.currency and f.fiat_amount is not null as is_valued
      from service_fees f join merchants m on m.id = f.merchant_id
    ), per_coin as (
      select merchant_id, chain_id, native_symbol, max(native_decimals) as decimals, sum(native_amount)::text as amount from valued group by 1, 2, 3
    )
    select v.merchant_id, v.name, v.merchant_currency as currency,
      count(distinct v.payment_id)::int as payments,
      coalesce(sum(v.fiat_amount) filter (where v.is_valued and v.paid_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'), 0)::text as today,
      coalesce(sum(v.fiat_amount) filter (where v.is_valued and v.paid_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0)::text as month,
      coalesce(sum(v.fiat_amount) filter (where v.is_valued), 0)::text as total,
      (count(*) filter (where not v.is_valued))::int as unvalued,
      (select jsonb_agg(jsonb_build_object('chainId', c.chain_id, 'symbol', c.native_symbol, 'decimals', c.decimals, 'amount', c.amount) order by c.chain_id)
        from per_coin c where c.merchant_id = v.merchant_id) as native
    from valued v
    group by v.merchant_id, v.name, v.merchant_currency
    order by sum(v.fiat_amount) filter (where v.is_valued) desc nulls last, v.merchant_id`);
  return rows.map((r) => ({
    merchantId: r.merchant_id,
    name: r.name,
    currency: r.currency,
    payments: r.payments,
    today: BigInt(r.today),
    month: BigInt(r.month),
    total: BigInt(r.total),
    unvalued: r.unvalued,
    native: (r.native ?? []).map((coin) => ({ ...coin, amount: BigInt(coin.amount) })),
  }));
}

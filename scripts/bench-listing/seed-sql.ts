/**
 * SQL that writes synthetic payments and rebuilds the listing aggregates in bulk. Numbers are
 * inlined (they are ours); ids and times are parameters.
 */

export const NETWORKS = [
  { chain: "eip155:8453", token: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
  { chain: "eip155:1", token: "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" },
  { chain: "eip155:137", token: "eip155:137/erc20:0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359" },
] as const;

const SPAN_SECONDS = 365 * 86_400;
const BUYERS = 50_000;
const chains = `(array[${NETWORKS.map((n) => `'${n.chain}'`).join(",")}])`;
const tokens = `(array[${NETWORKS.map((n) => `'${n.token}'`).join(",")}])`;

/**
 * `count` payments for merchant $1 over the 365 days before $2, oldest first so the heap is in
 * creation order as in production. Deterministic per `salt` (hashes of the row number, not random()):
 * ~60% succeeded, 22% expired (pending in the last 15 minutes), 15% failed, 3% processing; 95% USD;
 * log-uniform amounts from $0.50 to ~$4,900; 50,000 buyers, each paying on one of three networks.
 * The salt is in every id and tx hash, so different merchants never collide. Row numbers [from, to)
 * only (row 0 is the newest), so sessions can insert parts of one merchant side by side.
 */
export function insertPaymentsSql(count: number, salt: number, [from, to] = [0, count]): string {
  const step = SPAN_SECONDS / count;
  return `
    insert into payments (id, merchant_id, reference_id, fiat_currency, fiat_amount, status, expires_at, created_at, updated_at,
                          finalized_at, buyer_account, chain_id, token_caip19, token_amount, tx_hash, wallet_name, token_symbol, token_decimals)
    select 'pay_' || left(h.m, 22), $1, 'order-${salt}-' || i, a.cur, a.amount, a.st, h.ca + interval '15 minutes', h.ca,
           h.ca + a.settle, case when a.st in ('succeeded', 'failed', 'expired') then h.ca + a.settle end,
           case when c.picked then ${chains}[1 + a.buyer % 3] || ':0x' || left(md5('buyer:${salt}:' || a.buyer), 40) end,
           case when c.picked then ${chains}[1 + a.buyer % 3] end,
           case when c.picked then ${tokens}[1 + a.buyer % 3] end,
           case when c.picked then a.amount * 10000 end,
           -- one md5 per row: unique ids and tx hashes are what matter, not their look
           case when c.picked then '0x' || h.m || reverse(h.m) end,
           case when c.picked then (array['MetaMask', 'Coinbase Wallet', 'Rainbow', 'Trust Wallet'])[1 + a.h1 / 100 % 4] end,
           case when c.picked then 'USDC' end,
           case when c.picked then 6 end
      from generate_series(${to - 1}, ${from}, -1) as g(i)
     cross join lateral (select md5('${salt}:' || i) as m,
                                hashint8extended(i, ${salt}) & 2147483647 as h1,
                                hashint8extended(i, ${salt + 1000}) & 2147483647 as h2,
                                hashint8extended(i, ${salt + 2000}) & 2147483647 as h3,
                                -- float8, not numeric: numeric exp() alone cost seconds per million rows.
                                -- Jitter below one step keeps creation order and gives microsecond timestamps.
                                $2::timestamptz - (i + (hashint8extended(i, ${salt + 3000}) & 1048575) / 1048576.0::float8 * 0.9) * ${step} * interval '1 second' as ca) h
     cross join lateral (select case when h1 % 100 < 60 then 'succeeded'
                                     when h1 % 100 < 82 then case when h.ca > $2::timestamptz - interval '15 minutes' then 'pending' else 'expired' end
                                     when h1 % 100 < 97 then 'failed'
                                     else 'processing' end as st,
                                h1, h2 % ${BUYERS} as buyer,
                                case when h3 % 100 < 95 then 'USD' else 'EUR' end as cur,
                                (50 + floor(exp((h3 / 100 % 100000) / 100000.0::float8 * 13.1)))::bigint as amount,
                                (5 + h1 / 100 % 600) * interval '1 second' as settle) a
     cross join lateral (select a.st in ('succeeded', 'failed', 'processing') as picked) c`;
}

/*
 * The trigger's aggregates (migration 0002) as one GROUP BY each, for the merchants in $1 (text[]).
 * Same semantics: only succeeded rows; day = UTC day of created_at; null chain/token stored as '';
 * customers only for a non-null buyer; merchant_stats only for merchants with a succeeded payment.
 */
const succeeded = `from payments where status = 'succeeded' and merchant_id = any($1::text[])`;
export const AGGREGATES = {
  merchant_revenue_daily: {
    columns: "merchant_id, day, chain_id, token_caip19, fiat_currency, tx_count, amount_minor",
    select: `select merchant_id, (created_at at time zone 'UTC')::date, coalesce(chain_id, ''), coalesce(token_caip19, ''), fiat_currency,
                    count(*)::bigint, sum(fiat_amount)::bigint ${succeeded} group by 1, 2, 3, 4, 5`,
  },
  merchant_customer_days: {
    columns: "merchant_id, day, chain_id, token_caip19, buyer_account",
    select: `select distinct merchant_id, (created_at at time zone 'UTC')::date, coalesce(chain_id, ''), coalesce(token_caip19, ''), buyer_account
             ${succeeded} and buyer_account is not null`,
  },
  merchant_customers: {
    columns: "merchant_id, buyer_account",
    select: `select distinct merchant_id, buyer_account ${succeeded} and buyer_account is not null`,
  },
  // Per buyer (and per buyer and token), each paying day with the one before it, counted.
  merchant_customer_day_gaps: {
    columns: "merchant_id, grain, day, prev_day, chain_id, token_caip19, buyers",
    select: `select merchant_id, grain, day, prev_day, chain_id, token, count(*)::bigint from (
               select merchant_id, 'account' as grain, day, chain_id, '' as token,
                      coalesce(lag(day) over (partition by merchant_id, buyer_account order by day), '-infinity'::date) as prev_day
                 from (select distinct merchant_id, buyer_account, (created_at at time zone 'UTC')::date as day, coalesce(chain_id, '') as chain_id
                       ${succeeded} and buyer_account is not null) a
               union all
               select merchant_id, 'token', day, chain_id, token,
                      coalesce(lag(day) over (partition by merchant_id, buyer_account, token order by day), '-infinity'::date)
                 from (select distinct merchant_id, buyer_account, (created_at at time zone 'UTC')::date as day, coalesce(chain_id, '') as chain_id,
                              coalesce(token_caip19, '') as token ${succeeded} and buyer_account is not null) t
             ) x group by merchant_id, grain, day, prev_day, chain_id, token`,
  },
  merchant_stats: {
    columns: "merchant_id, total_transactions, total_customers",
    select: `select merchant_id, count(*)::bigint, count(distinct buyer_account)::bigint ${succeeded} group by merchant_id`,
  },
} as const;

export type AggregateTable = keyof typeof AGGREGATES;

/** Rows of `table` for the merchants in $1 that the bulk query and the table do not agree on (both directions). */
export function aggregateDiffSql(table: AggregateTable): string {
  const { columns, select } = AGGREGATES[table];
  const stored = `select ${columns} from ${table} where merchant_id = any($1::text[])`;
  return `select count(*)::int as n from ((${stored} except ${select}) union all (${select} except ${stored})) d`;
}

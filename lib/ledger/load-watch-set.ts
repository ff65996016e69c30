import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/** Who is paid at an address on one network: the recipients a scan looks for, and whose each one is. */
export type WatchSet = {
  /** Lowercased address -> the merchant it belongs to. */
  merchantOf: Map<string, string>;
  /** A native-coin option is open on the network: plain value transfers must be read block by block. */
  native: boolean;
};

/** How long after its payment closed a quote's recipient is still watched (late money, addresses changed since). */
const RECENT_QUOTES = "2 days";

/**
 * The addresses a scan of `chainId` watches: every live merchant's receiving address for the namespace,
 * its settlement destinations on the chain, and the recipients of recent quotes (a merchant may have
 * changed its address since a buyer was quoted the old one). Read once per scan. Of the quotes, only
 * those paying an address that is no live merchant's current one come back, once each: nearly every
 * quote pays its merchant's current address, and one row per quote made every scan read and ship
 * every quote of the last two days (31,000 rows, ~160 ms a scan at 10,000 open payments: bench:detect).
 */
export async function loadWatchSet(db: Db, chainId: string): Promise<WatchSet> {
  const namespace = chainId.slice(0, chainId.indexOf(":"));
  const addressColumn = namespace === "solana" ? sql`m.solana_address` : sql`m.evm_address`;
  const rows = await db.execute<{ address: string; merchant_id: string }>(sql`
    select ${addressColumn} as address, m.id as merchant_id from merchants m
      where m.deleted_at is null and ${addressColumn} is not null
    union all
    select split_part(d.destination, ':', 3), d.merchant_id from merchant_settlement_destinations d
      where d.asset like ${`${chainId}/%`}
    union all
    select distinct o.recipient, p.merchant_id from payment_options o join payments p on p.id = o.payment_id
      where o.chain_id = ${chainId} and o.created_at > now() - ${RECENT_QUOTES}::interval
        and not exists (select 1 from merchants m where m.deleted_at is null and ${addressColumn} = o.recipient)`);
  const merchantOf = new Map<string, string>();
  for (const row of rows) {
    const key = namespace === "solana" ? row.address : row.address.toLowerCase();
    if (!merchantOf.has(key)) merchantOf.set(key, row.merchant_id);
  }
  const [open] = await db.execute<{ open: boolean }>(sql`
    select exists (
      select 1 from payment_options o join payments p on p.id = o.payment_id
      where o.chain_id = ${chainId} and o.token_caip19 like ${`${chainId}/slip44:%`}
        and (p.status in ('pending', 'processing') or p.finalized_at > now() - interval '1 hour')
    ) as open`);
  return { merchantOf, native: open?.open === true };
}

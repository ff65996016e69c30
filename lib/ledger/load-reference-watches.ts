import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions } from "@/db/schema";

/**
 * A transfer the service put on chain itself (a co-signed Solana transaction) stays with the
 * settlement watcher while its submission is open: the watcher records what the service's fee payer
 * paid (fees, a merchant's token account's rent) as it settles the payment, and the next build asks
 * whether that rent was paid. The ledger records the transfer once the submission is closed.
 */
export function sentByService(paymentId: SQL) {
  return sql`select 1 from ${paymentSubmissions} s
    where s.payment_id = ${paymentId} and s.state = 'open' and s.kind <> 'wallet_sent'`;
}

/** An option whose reference a scan by reference asks the chain about, with whose money it is. */
export type WatchedOption = {
  optionId: string;
  paymentId: string;
  merchantId: string;
  reference: string;
  recipient: string;
  asset: string;
};

/**
 * The same bounds as the EVM watch set: quotes of the last two days whose payment is still open, or
 * closed within the hour (a second transfer, or one that lands just after expiry, is still found and
 * recorded as a duplicate or late money). Money sent on a quote older than that is not looked for.
 */
const RECENT_QUOTES = "2 days";
const CLOSED_WITHIN = "1 hour";

/**
 * Up to `limit` watched options of `chainId` after option id `after` in id order (keyset): a caller
 * that carries the last id from pass to pass goes round all of them however many there are, `limit`
 * at a time. An empty page past the end tells the caller to start again from the beginning.
 */
export async function loadReferenceWatches(
  db: Db,
  chainId: string,
  after: string,
  limit: number,
): Promise<WatchedOption[]> {
  const rows = await db.execute<WatchedOption>(sql`
    select o.id as "optionId", o.payment_id as "paymentId", p.merchant_id as "merchantId",
      lower(o.reference) as reference, o.recipient, o.token_caip19 as asset
    from payment_options o join payments p on p.id = o.payment_id
    where o.chain_id = ${chainId} and o.created_at > now() - ${RECENT_QUOTES}::interval
      and (p.status in ('pending', 'processing') or p.finalized_at > now() - ${CLOSED_WITHIN}::interval)
      and not exists (${sentByService(sql`p.id`)})
      and o.id > ${after}
    order by o.id
    limit ${limit}`);
  return [...rows];
}

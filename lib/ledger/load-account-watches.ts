import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions } from "@/db/schema";
import type { AccountWatch } from "@/lib/chains/chain-adapter";

/**
 * A transfer the service put on chain itself (a co-signed Solana transaction) stays with the
 * settlement watcher while its submission is open: the watcher records what the service's fee payer
 * paid (fees, a merchant's token account's rent) as it settles the payment, and the next build asks
 * whether that rent was paid. The watcher records the transfer as it closes the submission
 * (lib/ledger/record-settled-transfer.ts); the ledger reads it then only if the watcher did not.
 */
export function sentByService(paymentId: SQL) {
  return sql`select 1 from ${paymentSubmissions} s
    where s.payment_id = ${paymentId} and s.state = 'open' and s.kind <> 'wallet_sent'`;
}

/**
 * The same bounds as the EVM watch set: quotes of the last two days whose payment is still open, or
 * closed within the hour (a second transfer, or one that lands just after expiry, is still found and
 * recorded as a duplicate or late money).
 */
const RECENT_QUOTES = "2 days";
const CLOSED_WITHIN = "1 hour";

/**
 * The accounts a payment open on `chainId` may be paid to: each (recipient, asset) its options quoted,
 * once however many payments share it. Read every pass, so a buyer's money is found within a pass or
 * two whatever the number of merchants; the number of open payments only adds rows to this query.
 */
export async function loadActiveWatches(db: Db, chainId: string): Promise<AccountWatch[]> {
  const rows = await db.execute<AccountWatch>(sql`
    select distinct o.recipient, o.token_caip19 as asset
    from payment_options o join payments p on p.id = o.payment_id
    where o.chain_id = ${chainId} and o.created_at > now() - ${RECENT_QUOTES}::interval
      and (p.status in ('pending', 'processing') or p.finalized_at > now() - ${CLOSED_WITHIN}::interval)`);
  return [...rows];
}

import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { payments, sponsoredTokenAccounts } from "@/db/schema";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { recordServiceFees } from "@/lib/fees/record-service-fees";
import type { PriceSource } from "@/lib/money/price-source";

/**
 * What the service's fee payer paid in a transaction the ledger found for a payment (a Solana Pay
 * transaction request: the service co-signed it, the wallet sent it, and no submission of the
 * watcher follows it): its fee and any rent, on the payment's fee record and against the merchant's
 * daily budget, and the token account it funded, so the next build makes the buyer fund it should it
 * be missing again. Each is stored once (service_fees per chain, transaction and kind; a funded
 * account per chain and account), so the watcher recording the same transaction, a rescan or
 * another instance adds nothing.
 */
export async function recordServiceCost(
  tx: Tx,
  {
    network,
    paymentId,
    cost,
    prices,
  }: {
    network: NetworkConfig;
    paymentId: string;
    cost: NonNullable<ObservedTransfer["paidByService"]>;
    prices: PriceSource | undefined;
  },
): Promise<void> {
  await recordServiceFees(tx, { paymentId, fees: { network, paid: cost.fees }, prices });
  if (!cost.sponsored) return;
  await tx.execute(sql`
    insert into ${sponsoredTokenAccounts} (chain_id, account, merchant_id, payment_id, lamports)
    select ${network.chainId}, ${cost.sponsored.account}, p.merchant_id, p.id, ${cost.sponsored.lamports}
    from ${payments} p where p.id = ${paymentId}
    on conflict do nothing`);
}

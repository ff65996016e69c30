import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { placeholdersFor, runCompiled } from "@/db/compiled-statement";
import { merchants, payments, serviceFees } from "@/db/schema";
import type { PaidFee } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import type { PriceSource } from "@/lib/money/price-source";
import { serviceFeeValue } from "./service-fee-value";

/**
 * Fees the service's gas keys paid for one payment, on one network. `owner`: the payment's merchant
 * and its currency, when the caller has just read them (the watcher's claim does), so the transaction
 * that records the fees need not read them again.
 */
export type FeesPaid = { network: NetworkConfig; paid: PaidFee[]; owner?: FeeOwner };

export type FeeOwner = { merchantId: string; currency: string };

/**
 * Record what the service paid for a payment, valued in its merchant's currency (at `prices`, read
 * before the transaction opened), inside the transaction that finishes the payment. A transaction's fee is stored once (unique per chain,
 * hash and kind), so instances that observe the same outcome cannot count it twice.
 */
export async function recordServiceFees(
  tx: Tx,
  { paymentId, fees, prices }: { paymentId: string; fees: FeesPaid; prices?: PriceSource },
): Promise<void> {
  const paid = fees.paid.filter((fee) => fee.amount > 0n);
  if (paid.length === 0) return;
  const owner = fees.owner ?? (await ownerOf(tx, paymentId));
  if (!owner) return;
  const rows = feeRows({ paymentId, fees: { ...fees, paid }, owner, prices }).map((row, i) =>
    placeholdersFor(row, `r${i}_`)!,
  );
  // Built once per process for each shape of rows (how many, which unvalued): every relayed or
  // co-signed payment records one.
  await runCompiled(
    tx,
    `insert-service-fees:${rows.map((r) => r.shape).join(";")}`,
    (on) =>
      on
        .insert(serviceFees)
        .values(rows.map((r) => ({ ...(r.row as typeof serviceFees.$inferInsert), paidAt: sql`now()` })))
        .onConflictDoNothing(),
    Object.assign({}, ...rows.map((r) => r.values)) as Record<string, unknown>,
  );
}

/**
 * `recordServiceFees` for many payments at once, in one INSERT (the settlement watcher's group
 * commit, lib/settlement/finish-settled.ts): each with its owner given, as the watcher's claim read it.
 */
export async function recordServiceFeesOfMany(
  tx: Tx,
  { each, prices }: { each: { paymentId: string; fees: FeesPaid & { owner: FeeOwner } }[]; prices?: PriceSource },
): Promise<void> {
  const rows = each.flatMap(({ paymentId, fees }) =>
    feeRows({
      paymentId,
      fees: { ...fees, paid: fees.paid.filter((fee) => fee.amount > 0n) },
      owner: fees.owner,
      prices,
    }),
  );
  if (rows.length === 0) return;
  await tx
    .insert(serviceFees)
    .values(rows.map((row) => ({ ...row, paidAt: sql`now()` })))
    .onConflictDoNothing();
}

function feeRows({
  paymentId,
  fees,
  owner,
  prices,
}: {
  paymentId: string;
  fees: FeesPaid;
  owner: FeeOwner;
  prices?: PriceSource;
}): (typeof serviceFees.$inferInsert)[] {
  return fees.paid.map((fee) => {
    const value = serviceFeeValue({ network: fees.network, amount: fee.amount, currency: owner.currency, prices });
    return {
      merchantId: owner.merchantId,
      paymentId,
      chainId: fees.network.chainId,
      txHash: fee.txHash,
      kind: fee.kind,
      nativeAmount: fee.amount.toString(),
      nativeSymbol: value.symbol,
      nativeDecimals: value.decimals,
      currency: owner.currency,
      fiatAmount: value.fiatAmount,
    };
  });
}

async function ownerOf(tx: Tx, paymentId: string): Promise<FeeOwner | undefined> {
  const [owner] = await tx
    .select({ merchantId: payments.merchantId, currency: merchants.currency })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, paymentId));
  return owner;
}

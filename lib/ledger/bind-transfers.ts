import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions, payments } from "@/db/schema";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import type { WatchSet } from "./load-watch-set";

export type Binding = { paymentId: string; optionId: string; merchantId: string } | undefined;

/** An observed transfer with what it pays: the option its reference names, or nothing (unmatched money). */
export type BoundTransfer = ObservedTransfer & { binding: Binding; merchantId: string };

const same = (a: string, b: string, evm: boolean) => (evm ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Bind each transfer to the option whose reference it carries, when that option pays exactly this
 * asset to exactly this recipient on this chain; any other transfer to a watched address is the
 * merchant's unmatched money. One query for all the references of a scan. The sender is not checked:
 * money that reaches the merchant for a payment is that payment's, whoever sent it.
 */
export async function bindTransfers(
  db: Db,
  chainId: string,
  transfers: ObservedTransfer[],
  watch: WatchSet,
): Promise<BoundTransfer[]> {
  const evm = chainId.startsWith("eip155:");
  const references = [...new Set(transfers.flatMap((t) => t.references))];
  const options =
    references.length === 0
      ? []
      : await db
          .select({
            id: paymentOptions.id,
            paymentId: paymentOptions.paymentId,
            reference: paymentOptions.reference,
            recipient: paymentOptions.recipient,
            tokenCaip19: paymentOptions.tokenCaip19,
            merchantId: payments.merchantId,
          })
          .from(paymentOptions)
          .innerJoin(payments, eq(payments.id, paymentOptions.paymentId))
          .where(and(inArray(paymentOptions.reference, references), eq(paymentOptions.chainId, chainId)));
  return transfers.flatMap((transfer) => {
    const option = options.find(
      (o) =>
        transfer.references.includes(o.reference.toLowerCase()) &&
        o.tokenCaip19 === transfer.asset &&
        same(o.recipient, transfer.recipient, evm),
    );
    const merchantId =
      option?.merchantId ?? watch.merchantOf.get(evm ? transfer.recipient.toLowerCase() : transfer.recipient);
    if (!merchantId) return [];
    const binding = option ? { paymentId: option.paymentId, optionId: option.id, merchantId } : undefined;
    return [{ ...transfer, binding, merchantId }];
  });
}

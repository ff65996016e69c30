import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions, payments, requestAmounts } from "@/db/schema";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import type { WatchSet } from "./load-watch-set";

export type Binding = { paymentId: string; optionId: string; merchantId: string } | undefined;

/** An observed transfer with what it pays: the option its reference names, or nothing (unmatched money). */
export type BoundTransfer = ObservedTransfer & { binding: Binding; merchantId: string };

const same = (a: string, b: string, evm: boolean) => (evm ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Bind each transfer to the option whose reference it carries, when that option pays exactly this
 * asset to exactly this recipient on this chain, else (EVM) to the payment request whose unique amount
 * it is; any other transfer to a watched address is the merchant's unmatched money. One query for all the references of a scan. The sender is not checked:
 * money that reaches the merchant for a payment is that payment's, whoever sent it.
 */
export async function bindTransfers(
  db: Db,
  { chainId, transfers, watch }: { chainId: string; transfers: ObservedTransfer[]; watch: WatchSet },
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
  const byReference = (transfer: ObservedTransfer) =>
    options.find(
      (o) =>
        transfer.references.includes(o.reference.toLowerCase()) &&
        o.tokenCaip19 === transfer.asset &&
        same(o.recipient, transfer.recipient, evm),
    );
  const requested = evm
    ? await requestsByAmount(
        db,
        chainId,
        transfers.filter((t) => !byReference(t)),
      )
    : [];
  return transfers.flatMap((transfer) => {
    const option = byReference(transfer) ?? requestFor(requested, transfer);
    const merchantId =
      option?.merchantId ?? watch.merchantOf.get(evm ? transfer.recipient.toLowerCase() : transfer.recipient);
    if (!merchantId) return [];
    const binding = option ? { paymentId: option.paymentId, optionId: option.id, merchantId } : undefined;
    return [{ ...transfer, binding, merchantId }];
  });
}

type RequestedAmount = {
  optionId: string;
  paymentId: string;
  merchantId: string;
  recipient: string;
  asset: string;
  amount: string;
  createdAt: Date;
  reservedUntil: Date;
};

/** Clocks differ: a block may carry a time a little before the request was stored. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The EIP-681 requests (lib/gateway/requests) a plain transfer may answer: it carries no reference, so
 * its recipient, asset and exact amount name the request whose reservation held when it was mined.
 * One query for a scan's unbound transfers.
 */
async function requestsByAmount(db: Db, chainId: string, transfers: ObservedTransfer[]): Promise<RequestedAmount[]> {
  if (transfers.length === 0) return [];
  return db
    .select({
      optionId: requestAmounts.optionId,
      paymentId: requestAmounts.paymentId,
      merchantId: payments.merchantId,
      recipient: requestAmounts.recipient,
      asset: requestAmounts.asset,
      amount: requestAmounts.amount,
      createdAt: requestAmounts.createdAt,
      reservedUntil: requestAmounts.reservedUntil,
    })
    .from(requestAmounts)
    .innerJoin(payments, eq(payments.id, requestAmounts.paymentId))
    .where(
      and(
        eq(requestAmounts.chainId, chainId),
        inArray(requestAmounts.amount, [...new Set(transfers.map((t) => t.amount.toString()))]),
      ),
    );
}

function requestFor(requested: RequestedAmount[], transfer: ObservedTransfer) {
  const at = transfer.blockTime.getTime();
  const hit = requested.find(
    (r) =>
      r.asset === transfer.asset &&
      r.recipient === transfer.recipient.toLowerCase() &&
      BigInt(r.amount) === transfer.amount &&
      r.createdAt.getTime() - CLOCK_SKEW_MS <= at &&
      at <= r.reservedUntil.getTime(),
  );
  return hit && { id: hit.optionId, paymentId: hit.paymentId, merchantId: hit.merchantId };
}

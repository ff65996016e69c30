import type { Tx } from "@/db/client";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import { insertTransfers } from "./insert-transfers";

/**
 * A transfer the settlement watcher confirmed, put in the ledger as it closes the submission (in the
 * same transaction): bound to the payment and option the submission was for, counted (the watcher
 * saw it at the required depth). The ledger's scan then finds it recorded and does not read the
 * transaction again; the finality watch follows it like any other. Returns whether it was new.
 */
export async function recordSettledTransfer(
  tx: Tx,
  {
    chainId,
    transfer,
    binding,
  }: {
    chainId: string;
    transfer: ObservedTransfer;
    binding: { paymentId: string; optionId: string; merchantId: string };
  },
): Promise<boolean> {
  const gained = await insertTransfers(tx, {
    chainId,
    transfers: [{ ...transfer, merchantId: binding.merchantId, binding }],
    counted: () => true,
  });
  return gained.length > 0;
}

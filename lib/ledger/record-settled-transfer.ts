import type { Tx } from "@/db/client";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import type { BoundTransfer } from "./bind-transfers";
import { insertTransfers } from "./insert-transfers";

/** A transfer the watcher saw land, with the payment and option its submission was for. */
export type SettledTransfer = {
  chainId: string;
  transfer: ObservedTransfer;
  binding: { paymentId: string; optionId: string; merchantId: string };
};

/**
 * A transfer the settlement watcher confirmed, put in the ledger as it closes the submission (in the
 * same transaction): bound to the payment and option the submission was for, counted (the watcher
 * saw it at the required depth). The ledger's scan then finds it recorded and does not read the
 * transaction again; the finality watch follows it like any other. Returns whether it was new.
 */
export async function recordSettledTransfer(tx: Tx, settled: SettledTransfer): Promise<boolean> {
  return (await recordSettledTransfers(tx, [settled])).size > 0;
}

/**
 * `recordSettledTransfer` for many at once (the watcher's group commit): one INSERT per network.
 * Returns the payments that gained a transfer.
 */
export async function recordSettledTransfers(tx: Tx, settled: SettledTransfer[]): Promise<Set<string>> {
  const byChain = new Map<string, BoundTransfer[]>();
  for (const { chainId, transfer, binding } of settled) {
    const bound = { ...transfer, merchantId: binding.merchantId, binding };
    byChain.set(chainId, [...(byChain.get(chainId) ?? []), bound]);
  }
  const gained = await Promise.all(
    [...byChain].map(([chainId, transfers]) => insertTransfers(tx, { chainId, transfers, counted: () => true })),
  );
  return new Set(gained.flat());
}

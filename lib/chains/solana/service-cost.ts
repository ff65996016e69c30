import type { PublicKey } from "@solana/web3.js";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import type { LandedTransaction } from "./read-transaction";

/**
 * What the service's fee payer paid in a transaction it signed as fee payer (its key is then the
 * first), or undefined when someone else paid: the fee, and, when the fee payer spent more than the
 * fee, the token account of `recipient` that the transaction created (its lamports are the rent the
 * fee payer put in; the only account a transaction the service builds lets it fund).
 */
export function serviceCostOf(
  tx: LandedTransaction,
  { signature, feePayer, recipient }: { signature: string; feePayer: PublicKey; recipient: string },
): ObservedTransfer["paidByService"] {
  const { meta, keys } = tx;
  if (!meta || !keys[0]?.equals(feePayer)) return undefined;
  const fee = meta.fee;
  const fees = [{ kind: "network_fee" as const, txHash: signature, amount: fee }];
  const spent = (meta.preBalances[0] ?? 0n) - (meta.postBalances[0] ?? 0n);
  if (spent <= fee) return { fees };
  const created = meta.postTokenBalances.find(
    (b) =>
      b.owner === recipient &&
      meta.preBalances[b.accountIndex] === 0n &&
      (meta.postBalances[b.accountIndex] ?? 0n) > 0n,
  );
  if (!created) return { fees };
  const lamports = meta.postBalances[created.accountIndex]!;
  return {
    fees: [...fees, { kind: "rent", txHash: signature, amount: lamports }],
    sponsored: { account: keys[created.accountIndex]!.toBase58(), lamports },
  };
}

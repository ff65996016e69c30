import type { PublicKey, VersionedTransactionResponse } from "@solana/web3.js";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";

/**
 * What the service's fee payer paid in a transaction it signed as fee payer (its key is then the
 * first), or undefined when someone else paid: the fee, and, when the fee payer spent more than the
 * fee, the token account of `recipient` that the transaction created (its lamports are the rent the
 * fee payer put in; the only account a transaction the service builds lets it fund).
 */
export function serviceCostOf(
  tx: VersionedTransactionResponse,
  {
    signature,
    keys,
    feePayer,
    recipient,
  }: { signature: string; keys: PublicKey[]; feePayer: PublicKey; recipient: string },
): ObservedTransfer["paidByService"] {
  const meta = tx.meta;
  if (!meta || !keys[0]?.equals(feePayer)) return undefined;
  const fee = BigInt(meta.fee);
  const fees = [{ kind: "network_fee" as const, txHash: signature, amount: fee }];
  const spent = BigInt(meta.preBalances[0] ?? 0) - BigInt(meta.postBalances[0] ?? 0);
  if (spent <= fee) return { fees };
  const created = (meta.postTokenBalances ?? []).find(
    (b) =>
      b.owner === recipient && meta.preBalances[b.accountIndex] === 0 && (meta.postBalances[b.accountIndex] ?? 0) > 0,
  );
  if (!created) return { fees };
  const lamports = BigInt(meta.postBalances[created.accountIndex]!);
  return {
    fees: [...fees, { kind: "rent", txHash: signature, amount: lamports }],
    sponsored: { account: keys[created.accountIndex]!.toBase58(), lamports },
  };
}

import type { PublicKey, TokenBalance, VersionedTransactionResponse } from "@solana/web3.js";
import type { ObservedTransfer, ReferenceWatch } from "@/lib/chains/chain-adapter";
import { parseAssetId } from "@/lib/chains/caip";
import { accountKeys } from "./balance-change";
import { serviceCostOf } from "./service-cost";

/** Token balances of `mint` by account index: what each held before or after the transaction. */
function tokenAmounts(balances: TokenBalance[] | null | undefined, mint: string): Map<number, TokenBalance> {
  return new Map((balances ?? []).filter((b) => b.mint === mint).map((b) => [b.accountIndex, b]));
}

/**
 * Net moves of the mint per token account, with each account's owner. A token account's owner is
 * what the merchant is paid at: a wallet may pay its associated account or any other it owns.
 */
function tokenMoves(tx: VersionedTransactionResponse, mint: string): { owner: string; change: bigint }[] {
  const pre = tokenAmounts(tx.meta?.preTokenBalances, mint);
  const post = tokenAmounts(tx.meta?.postTokenBalances, mint);
  const indexes = new Set([...pre.keys(), ...post.keys()]);
  return [...indexes].flatMap((index) => {
    const owner = post.get(index)?.owner ?? pre.get(index)?.owner;
    if (!owner) return [];
    const amount = (b: TokenBalance | undefined) => BigInt(b?.uiTokenAmount.amount ?? "0");
    return [{ owner, change: amount(post.get(index)) - amount(pre.get(index)) }];
  });
}

/** Net lamport moves per account key (the fee payer's includes the fee). */
function lamportMoves(tx: VersionedTransactionResponse, keys: PublicKey[]): { owner: string; change: bigint }[] {
  const { preBalances = [], postBalances = [] } = tx.meta ?? {};
  return keys.map((key, i) => ({
    owner: key.toBase58(),
    change: BigInt(postBalances[i] ?? 0) - BigInt(preBalances[i] ?? 0),
  }));
}

/**
 * The transfer a confirmed transaction made to a reference's recipient, if any: it succeeded, carries
 * the reference key, and left the recipient with more of the asset than before (SOL: its own
 * lamports; a token: the sum over the token accounts it owns of the mint). The amount is that net
 * rise, so a transaction that moves money in and out counts what stayed. `position` is the index of
 * the first top-level instruction that lists the reference key (Solana Pay puts it on the transfer
 * instruction), the same wherever the transaction lands; 0 if only an inner instruction does. The
 * sender is the owner whose balance of the asset fell the most (SOL: fee included). The block's own
 * hash is not in getTransaction's answer (getBlock is a heavy read): `blockHash` is `slot:<slot>`,
 * a stand-in the finality watch keeps up to date; a fork shows as the signature going missing.
 * With `feePayer` (the service's), what it paid in the transaction goes with the transfer (service-cost.ts).
 */
export function referenceTransferOf(
  tx: VersionedTransactionResponse,
  signature: string,
  watch: ReferenceWatch,
  feePayer?: PublicKey,
): ObservedTransfer | undefined {
  if (!tx.meta || tx.meta.err !== null || tx.blockTime == null) return undefined;
  const asset = parseAssetId(watch.asset);
  if (!asset || (asset.assetNamespace !== "token" && asset.assetNamespace !== "slip44")) return undefined;
  const keys = accountKeys(tx);
  const referenceKey = Buffer.from(watch.reference.replace(/^0x/, ""), "hex");
  const referenceIndex = keys.findIndex((key) => key.toBuffer().equals(referenceKey));
  if (referenceIndex < 0) return undefined;

  const moves = asset.assetNamespace === "token" ? tokenMoves(tx, asset.assetReference) : lamportMoves(tx, keys);
  const amount = moves.filter((m) => m.owner === watch.recipient).reduce((sum, m) => sum + m.change, 0n);
  if (amount <= 0n) return undefined;
  const sender = moves
    .filter((m) => m.owner !== watch.recipient && m.change < 0n)
    .sort((a, b) => (a.change < b.change ? -1 : a.change > b.change ? 1 : 0))[0]?.owner;

  const instruction = tx.transaction.message.compiledInstructions.findIndex((ix) =>
    ix.accountKeyIndexes.includes(referenceIndex),
  );
  const paidByService = feePayer && serviceCostOf(tx, signature, keys, feePayer, watch.recipient);
  return {
    txHash: signature,
    position: Math.max(instruction, 0),
    blockNumber: BigInt(tx.slot),
    blockHash: `slot:${tx.slot}`,
    blockTime: new Date(tx.blockTime * 1000),
    sender: sender ?? "unknown",
    recipient: watch.recipient,
    asset: watch.asset,
    amount,
    references: [watch.reference.toLowerCase()],
    ...(paidByService ? { paidByService } : {}),
  };
}

import type { PublicKey, TokenBalance, VersionedTransactionResponse } from "@solana/web3.js";

/** Keys in the order balances index them: static keys, then keys loaded from lookup tables. */
export function accountKeys(tx: VersionedTransactionResponse): PublicKey[] {
  return tx.transaction.message
    .getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses })
    .keySegments()
    .flat();
}

/**
 * How much `account` changed by in this transaction (negative: it sent; 0 when it is not in it): of
 * `mint` when `account` is a token account, else its own lamports (SOL).
 */
export function balanceChange(tx: VersionedTransactionResponse, account: PublicKey, mint: PublicKey | null): bigint {
  const index = accountKeys(tx).findIndex((key) => key.equals(account));
  const meta = tx.meta;
  if (index < 0 || !meta) return 0n;
  if (!mint) {
    const before = meta.preBalances[index];
    const after = meta.postBalances[index];
    return before === undefined || after === undefined ? 0n : BigInt(after) - BigInt(before);
  }
  const amountIn = (balances: TokenBalance[] | null | undefined) =>
    BigInt(balances?.find((b) => b.accountIndex === index && b.mint === mint.toBase58())?.uiTokenAmount.amount ?? "0");
  return amountIn(meta.postTokenBalances) - amountIn(meta.preTokenBalances);
}

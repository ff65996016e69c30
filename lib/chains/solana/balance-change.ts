import type { PublicKey } from "@solana/web3.js";
import type { LandedTransaction, TokenBalance } from "./read-transaction";

/**
 * How much `account` changed by in this transaction (negative: it sent; 0 when it is not in it): of
 * `mint` when `account` is a token account, else its own lamports (SOL).
 */
export function balanceChange(tx: LandedTransaction, account: PublicKey, mint: PublicKey | null): bigint {
  const index = tx.keys.findIndex((key) => key.equals(account));
  const meta = tx.meta;
  if (index < 0 || !meta) return 0n;
  if (!mint) {
    const before = meta.preBalances[index];
    const after = meta.postBalances[index];
    return before === undefined || after === undefined ? 0n : after - before;
  }
  const mintText = mint.toBase58();
  const amountIn = (balances: TokenBalance[]) =>
    balances.find((b) => b.accountIndex === index && b.mint === mintText)?.amount ?? 0n;
  return amountIn(meta.postTokenBalances) - amountIn(meta.preTokenBalances);
}

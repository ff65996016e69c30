import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PublicKey } from "@solana/web3.js";

// Deriving an associated token account searches for a program address (hashes and curve checks,
// often several rounds): the hottest pure function of a Solana payment, asked again by the options,
// the build, the watcher and the ledger for the same few merchants and mints. The answer never
// changes, so it is kept, up to a bound (then the map starts over: a cache, not a store).
const MAX_KEPT = 20_000;
const kept = new Map<string, PublicKey>();

/** The associated token account of `owner` (off-curve owners allowed: merchants may be PDAs) for `mint`. */
export function associatedTokenAccount(mint: PublicKey, owner: PublicKey, tokenProgram: PublicKey): PublicKey {
  const key = `${mint.toBase58()} ${owner.toBase58()} ${tokenProgram.toBase58()}`;
  let account = kept.get(key);
  if (!account) {
    account = getAssociatedTokenAddressSync(mint, owner, true, tokenProgram);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, account);
  }
  return account;
}

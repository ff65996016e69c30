import { namespaceOfChain } from "./namespace-of-chain";

/** The addresses a wallet holds keys for, by namespace; leave one out (or null) when it holds none. */
export type HeldAddresses = { eip155?: string | null; solana?: string | null };

/**
 * The CAIP-10 accounts to send to options (spec 4.5 rule 1): on each chain offered, the address
 * the wallet holds a key for in that chain's namespace, and nothing for a namespace it holds no
 * key in (a wallet without a Solana key sends no `solana:` account). Chains of other namespaces
 * are skipped.
 */
export function accountsFor(chainIds: readonly string[], held: HeldAddresses): string[] {
  const accounts = chainIds.flatMap((chainId) => {
    const namespace = namespaceOfChain(chainId);
    const address = namespace === "eip155" ? held.eip155 : namespace === "solana" ? held.solana : null;
    return address ? [`${chainId}:${address}`] : [];
  });
  return [...new Set(accounts)];
}

/** What a build needs of the chain's recent state: the blockhash it is valid under, and until which block height. */
export type RecentBlockhash = { blockhash: string; lastValidBlockHeight: number };

/**
 * How long one recent blockhash is shared by the builds of one network in this process. A Solana
 * blockhash is valid for 150 slots (about 60 s), so a buyer signing a transaction built on a shared one
 * loses at most this much of that window; in exchange the options, the fetch that follows them and
 * every other payment built meanwhile cost one `getLatestBlockhash` instead of one each.
 */
export const BLOCKHASH_REUSE_MS = 3_000;

type Cached = Map<string, { at: number; value: Promise<RecentBlockhash> }>;

// On globalThis: Next.js bundles the options and fetch routes apart, each with its own copy of this
// module, and the point is that they share one read.
const KEY = Symbol.for("payment-service.recent-blockhash");
const holder = globalThis as typeof globalThis & { [KEY]?: Cached };

/**
 * A per-network cache of the latest blockhash: asks for one network within `reuseMs` of a read share
 * it (`read` is called only when none is fresh); a failed read is not kept, so the next ask tries again.
 * By default the process's one cache; `own` gives a cache of its own (tests).
 */
export function createBlockhashCache(options: { reuseMs?: number; now?: () => number; own?: boolean } = {}) {
  const reuseMs = options.reuseMs ?? BLOCKHASH_REUSE_MS;
  const now = options.now ?? Date.now;
  const cached: Cached = options.own ? new Map() : (holder[KEY] ??= new Map());
  return (chainId: string, read: () => Promise<RecentBlockhash>): Promise<RecentBlockhash> => {
    const hit = cached.get(chainId);
    if (hit && now() - hit.at < reuseMs) return hit.value;
    const entry = { at: now(), value: read() };
    cached.set(chainId, entry);
    entry.value.catch(() => {
      if (cached.get(chainId) === entry) cached.delete(chainId);
    });
    return entry.value;
  };
}

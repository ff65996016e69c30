import { reuseFor, type ReuseStore } from "@/lib/concurrency/reuse-for";
import { processWide } from "@/lib/process-wide";

/** What a build needs of the chain's recent state: the blockhash it is valid under, and until which block height. */
export type RecentBlockhash = { blockhash: string; lastValidBlockHeight: number };

/**
 * How long one recent blockhash is shared by the builds of one network in this process. A Solana
 * blockhash is valid for 150 slots (about 60 s), so a buyer signing a transaction built on a shared one
 * loses at most this much of that window; in exchange the options, the fetch that follows them and
 * every other payment built meanwhile cost one `getLatestBlockhash` instead of one each.
 */
export const BLOCKHASH_REUSE_MS = 3_000;

// On globalThis: Next.js bundles the options and fetch routes apart, each with its own copy of this
// module, and the point is that they share one read.

/**
 * A per-network cache of the latest blockhash (reuseFor): asks for one network within `reuseMs` of a
 * read share it; a failed read is not kept. By default the process's one cache; `own` gives a cache of
 * its own (tests).
 */
export function createBlockhashCache(options: { reuseMs?: number; now?: () => number; own?: boolean } = {}) {
  return reuseFor<RecentBlockhash>(options.reuseMs ?? BLOCKHASH_REUSE_MS, {
    now: options.now,
    store: options.own ? new Map() : processWide<ReuseStore<RecentBlockhash>>("recent-blockhash", () => new Map()),
  });
}

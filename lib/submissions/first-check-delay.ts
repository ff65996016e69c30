import { FIRST_CHECK_MS } from "./schedule";
import { processWide } from "@/lib/process-wide";

/*
 * How long after a send the watcher first looks at it, per network. FIRST_CHECK_MS is about when a
 * fast chain has mined a transaction; under a burst the node mines behind the sends, and a first look
 * that finds nothing is an RPC call spent for nothing (issue 29: 1.2-1.4 receipt reads per EIP-3009
 * payment). So each process learns it from its own first looks: later after one that found the
 * transaction not mined yet, a little sooner after one that found it. Hits shrink the delay by 3% and
 * misses grow it by half, so it settles where about 7 first looks in 100 miss, and goes back to
 * FIRST_CHECK_MS once the chain keeps up. It decides when to look, never what is seen.
 */

/** Never later than this: a payment the chain mined at once must not wait long to read final. */
export const MAX_FIRST_CHECK_MS = 2_000;
const AFTER_MISS = 1.5;
const AFTER_HIT = 0.97;

/** The delay after one more first look at `current`: longer after a miss, shorter after a hit, within [FIRST_CHECK_MS, MAX_FIRST_CHECK_MS]. */
export function nextFirstCheckDelay(current: number, missed: boolean): number {
  const next = current * (missed ? AFTER_MISS : AFTER_HIT);
  return Math.round(Math.min(MAX_FIRST_CHECK_MS, Math.max(FIRST_CHECK_MS, next)));
}

// Per process: the watcher (instrumentation.ts's bundle) learns, the confirm route's bundle schedules.
const delays = processWide("first-check-delays", () => new Map<string, number>());

/** When this process schedules the first look at a transaction it has just sent on `chainId`. */
export function firstCheckDelayMs(chainId: string): number {
  return delays.get(chainId) ?? FIRST_CHECK_MS;
}

/** What the watcher's first look at a sent transaction on `chainId` found: `missed` when it was not mined yet. */
export function noteFirstLook(chainId: string, missed: boolean): void {
  delays.set(chainId, nextFirstCheckDelay(firstCheckDelayMs(chainId), missed));
}

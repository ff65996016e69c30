import { env } from "@/lib/env";

/*
 * When the watcher looks at a submission again. Each row carries its own next_check_at, so a
 * transfer that is stuck only delays itself: the watcher takes rows that are due, oldest first.
 */

/** Checks after the n-th: quick while a transfer usually lands, then backing off to twice a minute. */
const DELAYS_MS = [250, 500, 700, 1_000, 1_500, 2_000, 3_000, 5_000, 8_000, 13_000, 20_000, 30_000];

export function nextCheckDelayMs(checks: number): number {
  return DELAYS_MS[Math.min(Math.max(checks, 0), DELAYS_MS.length - 1)]!;
}

/**
 * A claimed row is leased for this long: no other instance takes it meanwhile, and if the instance
 * dies, the row is due again once the lease has run out. Longer than any one RPC call may take.
 */
export const CLAIM_LEASE_MS = 20_000;

/**
 * Confirm records a submission with its first check this far ahead, so no watcher resends it while
 * confirm is sending it itself; if confirm's process dies, a watcher picks the record up after it.
 */
export const SEND_LEASE_MS = 15_000;

/** The first check after a successful send: about when a fast chain has mined it. */
export const FIRST_CHECK_MS = 200;

/**
 * A relayer nonce reserved for a payment's relay (relayer-nonces.ts) is this long on its way to its
 * record at most: a remote signer answers within SIGNER_TIMEOUT_MS, and the margin covers the
 * record's transaction. Until then the nonce is held (never filled, never handed out again); after,
 * a reservation left behind (its confirm died) holds nothing.
 */
export function reservationSettleMs(): number {
  return env().SIGNER_TIMEOUT_MS + 5_000;
}

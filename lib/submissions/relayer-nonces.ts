import { and, eq, max, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { paymentSubmissions, relayerNonces } from "@/db/schema";
import type { Relayer } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";

// Per key and chain: the sync in progress or done, so concurrent first relays share one.
const synced = new Map<string, Promise<void>>();

/**
 * Make sure the relayer's nonce row exists and agrees with the network: the next nonce is the
 * network's pending count, or one past the highest nonce held by an open relay of ours (recorded,
 * maybe not sent yet: the watcher sends it), whichever is larger. So a key also used elsewhere, or
 * a chain reset under a kept database (the devnet), never leaves new relays queued behind nonces
 * nobody will send. Reads the chain first, then adjusts the row under its lock; once per process
 * per key and chain unless `force` (the watcher found a nonce taken by something else).
 */
export function syncRelayerNonce(db: Db, network: NetworkConfig, relayer: Relayer, force = false): Promise<void> {
  const key = `${network.chainId} ${relayer.address}`;
  const known = synced.get(key);
  if (known && !force) return known;
  const sync = syncNow(db, network, relayer);
  synced.set(key, sync);
  sync.catch(() => synced.delete(key));
  return sync;
}

async function syncNow(db: Db, network: NetworkConfig, relayer: Relayer): Promise<void> {
  const pending = await relayer.pendingNonce(network);
  const address = relayer.address.toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(relayerNonces)
      .values({ chainId: network.chainId, address, nextNonce: pending })
      .onConflictDoNothing();
    await tx
      .select()
      .from(relayerNonces)
      .where(and(eq(relayerNonces.chainId, network.chainId), eq(relayerNonces.address, address)))
      .for("update");
    // A statement after the lock, so it sees every relay recorded before it.
    const [open] = await tx
      .select({ highest: max(paymentSubmissions.relayNonce) })
      .from(paymentSubmissions)
      .where(
        and(
          eq(paymentSubmissions.chainId, network.chainId),
          eq(paymentSubmissions.relayer, address),
          eq(paymentSubmissions.state, "open"),
        ),
      );
    const next = Math.max(pending, open?.highest === null || open?.highest === undefined ? 0 : open.highest + 1);
    await tx
      .update(relayerNonces)
      .set({ nextNonce: next, updatedAt: sql`now()` })
      .where(and(eq(relayerNonces.chainId, network.chainId), eq(relayerNonces.address, address)));
  });
}

/**
 * Take the relayer's next nonce inside `tx`, the transaction that also records the relay signed
 * with it: the row lock serialises relays of one key across instances, and a rollback returns the
 * nonce, so nonces are consecutive and never reused.
 */
export async function allocateRelayNonce(tx: Tx, chainId: string, address: string): Promise<number> {
  const [row] = await tx
    .update(relayerNonces)
    .set({ nextNonce: sql`${relayerNonces.nextNonce} + 1`, updatedAt: sql`now()` })
    .where(and(eq(relayerNonces.chainId, chainId), eq(relayerNonces.address, address.toLowerCase())))
    .returning({ next: relayerNonces.nextNonce });
  if (!row) throw new Error(`no relayer nonce row for ${address} on ${chainId}: syncRelayerNonce first`);
  return row.next - 1;
}

import { and, eq, gt, max, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { runCompiled } from "@/db/compiled-statement";
import { paymentSubmissions, relayerNonces, relayNonceReservations } from "@/db/schema";
import type { Relayer } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { reservationSettleMs } from "./schedule";

// Per key and chain: the sync in progress or done, so concurrent first relays share one.
const synced = new Map<string, Promise<void>>();

/** A reservation younger than this may still be on its way to its record (being signed). */
const fresh = () =>
  gt(relayNonceReservations.createdAt, sql`now() - make_interval(secs => ${reservationSettleMs() / 1000})`);

/**
 * Make sure the relayer's nonce row exists and agrees with the network: the next nonce is the
 * network's pending count, or one past the highest nonce held by an open relay of ours (recorded,
 * maybe not sent yet: the watcher sends it) or by a fresh reservation (being signed), whichever is
 * larger. So a key also used elsewhere, or a chain reset under a kept database (the devnet), never
 * leaves new relays queued behind nonces nobody will send. Reads the chain first, then adjusts the
 * row under its lock; once per process per key and chain unless `force` (the watcher found a nonce
 * taken by something else).
 */
export function syncRelayerNonce(
  db: Db,
  { network, relayer, force = false }: { network: NetworkConfig; relayer: Relayer; force?: boolean },
): Promise<void> {
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
  const ofKey = (t: typeof paymentSubmissions | typeof relayNonceReservations) =>
    and(eq(t.chainId, network.chainId), eq(t.relayer, address));
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
    // After the lock, so it sees every relay recorded and every nonce reserved before it. One statement,
    // one snapshot: a record moves its nonce from a reservation to an open submission in one commit, and
    // two reads with that commit between them would see it in neither (the next nonce would fall back to
    // it and be signed again).
    const open = tx
      .select({ highest: max(paymentSubmissions.relayNonce) })
      .from(paymentSubmissions)
      .where(and(ofKey(paymentSubmissions), eq(paymentSubmissions.state, "open")));
    const reserved = tx
      .select({ highest: max(relayNonceReservations.nonce) })
      .from(relayNonceReservations)
      .where(and(ofKey(relayNonceReservations), fresh()));
    const [held] = await tx.execute<{ highest: string | number | null }>(
      sql`select greatest((${open}), (${reserved})) as highest`,
    );
    const next = Math.max(pending, Number(held?.highest ?? -1) + 1);
    await tx
      .update(relayerNonces)
      .set({ nextNonce: next, updatedAt: sql`now()` })
      .where(and(eq(relayerNonces.chainId, network.chainId), eq(relayerNonces.address, address)));
  });
}

export type RelayFor = { paymentId: string; chainId: string; relayer: string };

/**
 * The relayer nonce a payment's relay is to be signed with, taken in a statement of its own
 * so that no lock is held while the relay is signed (a remote signer is I/O) nor while it is
 * recorded. Kept per payment (relay_nonce_reservations) until the relay's record deletes it: a
 * concurrent confirm of the same payment gets the same nonce, so whichever records it, the other
 * leaves no gap, and a confirm retried after its signer failed signs at the same nonce again. A
 * reservation older than RESERVATION settling (its confirm died) is replaced by a new nonce.
 */
export async function reserveRelayNonce(db: Db, r: RelayFor): Promise<number> {
  // One statement (migration 0042): the key's nonce row, which every relay of the key takes from,
  // stays locked only inside the server, never across a round trip to this process.
  const [row] = await db.execute<{ nonce: number | null }>(sql`
    select reserve_relay_nonce(${r.paymentId}, ${r.chainId}, ${r.relayer.toLowerCase()}, ${reservationSettleMs() / 1000}) as nonce`);
  if (row?.nonce === null || row?.nonce === undefined)
    throw new Error(`no relayer nonce row for ${r.relayer} on ${r.chainId}: syncRelayerNonce first`);
  return Number(row.nonce);
}

/** The relay signed at `nonce` is recorded (inside the recording transaction `tx`): its reservation is spent. */
export async function spendRelayNonce(tx: Tx, paymentId: string, nonce: number): Promise<void> {
  // Built once per process: every relay's record runs it.
  await runCompiled(
    tx,
    "spend-relay-nonce",
    (on) =>
      on
        .delete(relayNonceReservations)
        .where(
          and(
            eq(relayNonceReservations.paymentId, sql.placeholder("paymentId") as unknown as string),
            eq(relayNonceReservations.nonce, sql.placeholder("nonce") as unknown as number),
          ),
        ),
    { paymentId, nonce },
  );
}

/**
 * The payment's relay at `nonce` will not be recorded (the payment closed while it was signed): end its
 * reservation. True when this call ended it and the nonce is still taken, so the caller must use the
 * nonce up (a no-op); false when a record spent it, another caller ended it, or it was given back
 * because no later nonce had been taken.
 */
export async function endRelayReservation(db: Db, r: RelayFor, nonce: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(relayNonceReservations)
      .where(and(eq(relayNonceReservations.paymentId, r.paymentId), eq(relayNonceReservations.nonce, nonce)))
      .returning({ nonce: relayNonceReservations.nonce });
    if (ended.length === 0) return false;
    const returned = await tx
      .update(relayerNonces)
      .set({ nextNonce: nonce, updatedAt: sql`now()` })
      .where(
        and(
          eq(relayerNonces.chainId, r.chainId),
          eq(relayerNonces.address, r.relayer.toLowerCase()),
          eq(relayerNonces.nextNonce, nonce + 1),
        ),
      )
      .returning({ next: relayerNonces.nextNonce });
    return returned.length === 0;
  });
}

/** Nonces of `relayer` reserved moments ago whose relays may still be on their way to a record. */
export async function freshlyReservedNonces(db: Db, chainId: string, relayer: string): Promise<number[]> {
  const rows = await db
    .select({ nonce: relayNonceReservations.nonce })
    .from(relayNonceReservations)
    .where(
      and(
        eq(relayNonceReservations.chainId, chainId),
        eq(relayNonceReservations.relayer, relayer.toLowerCase()),
        fresh(),
      ),
    );
  return rows.map((row) => row.nonce);
}

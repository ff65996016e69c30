import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions } from "@/db/schema";
import type { ChainAdapter } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { log } from "@/lib/log";

/** A plain transfer of nothing to itself: the cheapest transaction that uses a nonce. */
const FILLER_GAS = 21_000n;

/**
 * A relay waits in the node's queue while a lower nonce of the relayer was never sent: every
 * relay after it would wait too. Nonces below `nonce` that the chain has not used and that no open
 * relay of ours holds (those the watcher resends) belong to nobody, e.g. after a chain reset under
 * a kept database; each gets a no-op transaction so the queue moves. Not recorded: a filler that
 * is lost is simply found missing and sent again next time.
 */
export async function fillNonceGaps(
  db: Db,
  adapter: ChainAdapter,
  network: NetworkConfig,
  nonce: number,
): Promise<number> {
  const relayer = adapter.relayer;
  if (!relayer) return 0;
  const mined = await relayer.minedNonce(network);
  if (mined >= nonce) return 0;
  const held = await db
    .select({ nonce: paymentSubmissions.relayNonce })
    .from(paymentSubmissions)
    .where(
      and(
        eq(paymentSubmissions.chainId, network.chainId),
        eq(paymentSubmissions.relayer, relayer.address.toLowerCase()),
        eq(paymentSubmissions.state, "open"),
        gte(paymentSubmissions.relayNonce, mined),
        lt(paymentSubmissions.relayNonce, nonce),
      ),
    );
  const taken = new Set(held.map((row) => row.nonce));
  const missing = Array.from({ length: nonce - mined }, (_, i) => mined + i).filter((n) => !taken.has(n));
  if (missing.length === 0) return 0;
  const fees = await relayer.fees(network);
  for (const n of missing) {
    const filler = await relayer.sign(network, { to: relayer.address, data: "0x", gasLimit: FILLER_GAS }, n, fees);
    await adapter.broadcast(network, filler.rawTx, { preflight: false });
  }
  log.warn(
    { job: "watcher", chainId: network.chainId, relayer: relayer.address, nonces: missing },
    "filled relayer nonce gaps",
  );
  return missing.length;
}

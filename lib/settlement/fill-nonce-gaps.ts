import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions } from "@/db/schema";
import type { ChainAdapter } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { log } from "@/lib/log";
import { freshlyReservedNonces } from "@/lib/submissions/relayer-nonces";
import { sendFiller } from "@/lib/submissions/send-filler";

/**
 * A relay waits in the node's queue while a lower nonce of the relayer was never sent: every
 * relay after it would wait too. Nonces below `nonce` that the chain has not used and that no open
 * relay of ours holds (those the watcher resends) belong to nobody, e.g. after a chain reset under
 * a kept database, or a nonce reserved for a relay whose confirm died before its record; each gets a
 * no-op transaction so the queue moves. A fresh reservation's nonce is not a gap: its relay is being signed.
 */
export async function fillNonceGaps(
  db: Db,
  { adapter, network, nonce }: { adapter: ChainAdapter; network: NetworkConfig; nonce: number },
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
  // A nonce reserved moments ago may belong to a relay being signed: not a gap (yet).
  const reserved = await freshlyReservedNonces(db, network.chainId, relayer.address);
  const taken = new Set([...held.map((row) => row.nonce), ...reserved]);
  const missing = Array.from({ length: nonce - mined }, (_, i) => mined + i).filter((n) => !taken.has(n));
  if (missing.length === 0) return 0;
  const fees = await relayer.fees(network);
  for (const n of missing) await sendFiller({ adapter, network, nonce: n, fees });
  log.warn(
    { job: "watcher", chainId: network.chainId, relayer: relayer.address, nonces: missing },
    "filled relayer nonce gaps",
  );
  return missing.length;
}

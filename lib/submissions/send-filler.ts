import type { ChainAdapter, RelayFees } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";

/** A plain transfer of nothing to itself: the cheapest transaction that uses a nonce. */
const FILLER_GAS = 21_000n;

/**
 * Use up the relayer's `nonce` with a no-op transaction, so relays at later nonces do not wait behind
 * one nobody will send. Not recorded: a filler that is lost is found missing and sent again by the watcher.
 */
export async function sendFiller({
  adapter,
  network,
  nonce,
  fees,
}: {
  adapter: ChainAdapter;
  network: NetworkConfig;
  nonce: number;
  fees: RelayFees;
}): Promise<void> {
  const relayer = adapter.relayer;
  if (!relayer) return;
  const filler = await relayer.sign(network, {
    call: { to: relayer.address, data: "0x", gasLimit: FILLER_GAS },
    nonce,
    fees,
  });
  await adapter.broadcast(network, filler.rawTx, { preflight: false });
}

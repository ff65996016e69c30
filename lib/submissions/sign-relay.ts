import type { Db } from "@/db/client";
import type { ChainAdapter, RelayCall, RelayFees, Relayer, SignedRelay } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { log } from "@/lib/log";
import { endRelayReservation, reserveRelayNonce } from "./relayer-nonces";
import { sendFiller } from "./send-filler";

/** A payment's relay signed at the nonce reserved for it, ready to be recorded (record-submission.ts). */
export type SignedRelayAtNonce = {
  paymentId: string;
  network: NetworkConfig;
  relayer: string;
  nonce: number;
  fees: RelayFees;
  gasLimit: bigint;
  signed: SignedRelay;
};

/**
 * Sign a payment's relay at the nonce reserved for the payment, with no database transaction open:
 * a remote signer (a KMS over HTTP) may take up to SIGNER_TIMEOUT_MS, and nothing may wait on it
 * while holding a lock. When the signature does not come, the reservation stays for a retry.
 */
export async function signRelay(
  db: Db,
  input: { paymentId: string; network: NetworkConfig; relayer: Relayer; call: RelayCall; fees: RelayFees },
): Promise<SignedRelayAtNonce> {
  const { paymentId, network, relayer, call, fees } = input;
  const nonce = await reserveRelayNonce(db, { paymentId, chainId: network.chainId, relayer: relayer.address });
  const signed = await relayer.sign(network, { call, nonce, fees });
  return { paymentId, network, relayer: relayer.address, nonce, fees, gasLimit: call.gasLimit, signed };
}

/**
 * A signed relay that was not recorded. When a concurrent confirm recorded the payment's relay, that
 * record spent the nonce and nothing is left to do; when nobody will (the payment closed while it was
 * signed), the nonce is given back if no later one was taken, else spent at once on a no-op, so the
 * relays at the nonces after it do not wait for the watcher's gap filling. Never throws: the watcher
 * fills what this could not.
 */
export async function releaseUnrecordedRelay(db: Db, adapter: ChainAdapter, relay: SignedRelayAtNonce): Promise<void> {
  const { network, nonce } = relay;
  try {
    const mustFill = await endRelayReservation(
      db,
      { paymentId: relay.paymentId, chainId: network.chainId, relayer: relay.relayer },
      nonce,
    );
    if (mustFill) await sendFiller({ adapter, network, nonce, fees: relay.fees });
  } catch (err) {
    log.warn({ chainId: network.chainId, nonce, err: String(err) }, "an unrecorded relay's nonce was not released");
  }
}

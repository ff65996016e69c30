import { BaseError, type Hex } from "viem";
import { ChainRpcError, ChainVerificationError } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmClientFor } from "./evm-client";

// What nodes (geth, anvil, erigon, reth) answer when they already hold or have mined these bytes, or
// hold another version at the same nonce: the bytes are on the network's side, so sending is done.
const ALREADY_THERE =
  /already known|known transaction|nonce too low|already imported|replacement transaction underpriced|transaction already exists/i;

/**
 * eth_sendRawTransaction, idempotent: sending bytes the node already holds or has mined is not an
 * error (whether they were mined, and whether a nonce was taken by something else, is for observe
 * to say). Malformed or wrongly signed bytes are a ChainVerificationError; a node that fails or a
 * relayer that cannot pay the gas is a ChainRpcError (retry later).
 */
export async function broadcastRaw(network: NetworkConfig, rawTx: string): Promise<void> {
  if (!/^0x[0-9a-fA-F]+$/.test(rawTx)) throw new ChainVerificationError("raw transaction is not hex");
  try {
    await evmClientFor(network).publicClient.request({ method: "eth_sendRawTransaction", params: [rawTx as Hex] });
  } catch (error) {
    const text = [
      error instanceof BaseError ? error.details : "",
      error instanceof Error ? error.message : String(error),
    ].join(" ");
    if (ALREADY_THERE.test(text)) return;
    if (/invalid sender|invalid signature|rlp|decode/i.test(text))
      throw new ChainVerificationError(`the network refused the transaction: ${text.slice(0, 200)}`);
    throw new ChainRpcError(
      `eth_sendRawTransaction: ${error instanceof BaseError ? error.shortMessage : text.slice(0, 200)}`,
      { cause: error },
    );
  }
}

import { createPublicClient, getAddress } from "viem";
import { ChainRpcError } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmTransport } from "./evm-client";

/**
 * The native balance of `address` on `network` in wei (eth_getBalance at the latest block). One
 * request per endpoint (the next only when one fails), no retry, each aborted after `timeoutMs`: a
 * monitor must answer "unknown" quickly rather than wait on a node that does not answer. Throws ChainRpcError.
 */
export async function readEvmNativeBalance(
  network: NetworkConfig,
  address: string,
  timeoutMs: number,
): Promise<bigint> {
  // A client of its own: the shared ones retry and wait RPC_TIMEOUT_MS, right for payments, wrong for a probe.
  const client = createPublicClient({ transport: evmTransport(network, { timeoutMs, retryCount: 0 }) });
  try {
    return await client.getBalance({ address: getAddress(address), blockTag: "latest" });
  } catch (error) {
    // Not the node's message: viem's names the RPC URL, which may carry a provider key.
    throw new ChainRpcError(`eth_getBalance failed on ${network.chainId}`, { cause: error });
  }
}

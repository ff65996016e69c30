import { BlockNotFoundError } from "viem";
import type { NetworkConfig } from "../network-config";
import { evmClientFor } from "./evm-client";
import { rpcOrThrow } from "./rpc-errors";

/** The hash of the canonical block at `blockNumber`, or undefined when the chain is not that long (a reset devnet, a lagging node). */
export async function evmBlockHash(network: NetworkConfig, blockNumber: bigint): Promise<string | undefined> {
  const { publicClient } = evmClientFor(network);
  try {
    const block = await publicClient.getBlock({ blockNumber });
    return block.hash ?? undefined;
  } catch (error) {
    if (error instanceof BlockNotFoundError) return undefined;
    return rpcOrThrow("eth_getBlockByNumber", () => Promise.reject(error));
  }
}

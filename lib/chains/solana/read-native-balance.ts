import { PublicKey } from "@solana/web3.js";
import { ChainRpcError } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { solanaConnection } from "./solana-connection";

/**
 * The SOL balance of `address` on `network` in lamports (getBalance at "confirmed"). One request
 * per endpoint (the next only when one fails), no retry, each aborted after `timeoutMs`, so a node
 * that does not answer makes an "unknown", not a wait. Throws ChainRpcError.
 */
export async function readSolanaNativeBalance(
  network: NetworkConfig,
  address: string,
  timeoutMs: number,
): Promise<bigint> {
  // A connection of its own, bounded by the monitor's short timeout.
  const connection = solanaConnection(network, { timeoutMs });
  let lamports: number;
  try {
    lamports = await connection.getBalance(new PublicKey(address));
  } catch (error) {
    throw new ChainRpcError(`getBalance failed on ${network.chainId}`, { cause: error });
  }
  // The RPC answers a JSON number: exact up to 2^53 lamports (about 9 million SOL), more than any fee payer holds.
  if (!Number.isSafeInteger(lamports) || lamports < 0)
    throw new ChainRpcError(`getBalance on ${network.chainId} answered ${lamports}`);
  return BigInt(lamports);
}

import { Connection, PublicKey } from "@solana/web3.js";
import { ChainRpcError } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";

/**
 * The SOL balance of `address` on `network` in lamports (getBalance at "confirmed"). One request,
 * no retry, aborted after `timeoutMs`, so a node that does not answer makes an "unknown", not a
 * wait. Throws ChainRpcError.
 */
export async function readSolanaNativeBalance(
  network: NetworkConfig,
  address: string,
  timeoutMs: number,
): Promise<bigint> {
  // A connection of its own: the shared one has no timeout and retries on 429.
  const connection = new Connection(network.rpcUrl, {
    commitment: "confirmed",
    disableRetryOnRateLimit: true,
    httpAgent: false, // unused by Node's fetch, which keeps its own connections
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
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

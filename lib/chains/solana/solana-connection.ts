import { Connection } from "@solana/web3.js";
import { ChainRpcError } from "@/lib/chains/chain-adapter";

const connections = new Map<string, Connection>();

/** One Connection per RPC URL, reading at "confirmed" (the node default, finalized, lags ~13 s on mainnet). */
export function solanaConnection(rpcUrl: string): Connection {
  let connection = connections.get(rpcUrl);
  if (!connection) {
    connection = new Connection(rpcUrl, { commitment: "confirmed" });
    connections.set(rpcUrl, connection);
  }
  return connection;
}

/** Runs one RPC read; any failure is the node's (ChainRpcError: retryable), never the buyer's. */
export async function solanaRpc<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ChainRpcError(`Solana RPC ${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

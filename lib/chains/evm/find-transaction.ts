import { TransactionNotFoundError, type Hash, type Transaction } from "viem";
import { ChainVerificationError, type TransferIntent } from "../chain-adapter";
import { evmClientFor } from "./evm-client";
import { rpcOrThrow } from "./rpc-errors";

/** Waits between lookups: quick for a broadcast that is about to arrive, sparse for a hash that never will. */
const POLL_MS = [250, 500, 750, 1000, 1500, 2000];

/**
 * The transaction, waiting up to `timeoutMs` for a node that has not seen the wallet's broadcast yet.
 * The caller holds no database connection or lock meanwhile, so made-up hashes cost only this wait.
 */
export async function findTransaction(intent: TransferIntent, hash: Hash, timeoutMs: number): Promise<Transaction> {
  const { publicClient } = evmClientFor(intent.network);
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await publicClient.getTransaction({ hash });
    } catch (error) {
      if (!(error instanceof TransactionNotFoundError))
        return rpcOrThrow("eth_getTransactionByHash", () => Promise.reject(error));
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new ChainVerificationError("transaction not found");
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(left, POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!)),
    );
  }
}

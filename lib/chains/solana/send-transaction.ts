import { SendTransactionError, type Connection, type Transaction } from "@solana/web3.js";
import { ChainRpcError, ChainVerificationError } from "@/lib/chains/chain-adapter";

/** A resubmission of a transaction the network has already seen: it cannot land (or pay) twice. */
export class SolanaAlreadySubmittedError extends ChainVerificationError {
  constructor(readonly txHash: string) {
    super(`transaction ${txHash} was already submitted; the network processes a signature once`);
    this.name = "SolanaAlreadySubmittedError";
  }
}

/** The first program error line of the logs, e.g. "Program log: Error: insufficient funds". */
function logsGist(logs: string[] | undefined): string {
  const line = logs?.find((l) => /error|failed/i.test(l) && !/consumed/.test(l));
  return line ? ` (${line.replace(/^Program log: /, "")})` : "";
}

/**
 * Broadcasts a fully signed transaction with preflight. What the node refuses for the transaction's
 * own sake (simulation failure such as insufficient funds, a bad signature, an expired blockhash,
 * a replay) is a ChainVerificationError; anything else is a ChainRpcError.
 */
export async function sendSignedTransaction(connection: Connection, transaction: Transaction, txHash: string): Promise<void> {
  try {
    const signature = await connection.sendRawTransaction(transaction.serialize(), { preflightCommitment: "confirmed" });
    if (signature !== txHash) throw new ChainRpcError(`the node reported signature ${signature}, expected ${txHash}`);
  } catch (error) {
    if (!(error instanceof SendTransactionError)) {
      if (error instanceof ChainRpcError) throw error;
      throw new ChainRpcError(`Solana RPC sendTransaction failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const reason = error.transactionError.message;
    if (/already been processed/i.test(reason)) throw new SolanaAlreadySubmittedError(txHash);
    if (/blockhash not found/i.test(reason)) {
      throw new ChainVerificationError("the transaction's blockhash expired before it was sent; fetch a fresh transaction");
    }
    if (/simulation failed|signature verification/i.test(reason)) {
      throw new ChainVerificationError(`the network refused the transaction: ${reason}${logsGist(error.transactionError.logs)}`);
    }
    throw new ChainRpcError(`Solana RPC sendTransaction failed: ${reason}`, { cause: error });
  }
}

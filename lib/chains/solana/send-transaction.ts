import { SendTransactionError, VersionedTransaction, type Connection } from "@solana/web3.js";
import { ChainRpcError, ChainVerificationError } from "@/lib/chains/chain-adapter";

/** The first program error line of the logs, e.g. "Program log: Error: insufficient funds". */
function logsGist(logs: string[] | undefined): string {
  const line = logs?.find((l) => /error|failed/i.test(l) && !/consumed/.test(l));
  return line ? ` (${line.replace(/^Program log: /, "")})` : "";
}

/**
 * Broadcasts fully signed wire bytes. Idempotent: bytes the network has already processed are not an
 * error (a signature lands at most once, so a resend can never pay twice). With preflight, what the
 * node refuses for the transaction's own sake (simulation failure such as insufficient funds, a bad
 * signature, an expired blockhash) is a ChainVerificationError: those bytes were not forwarded and
 * cannot land as they are. Anything else is a ChainRpcError.
 */
export async function sendSignedTransaction(
  connection: Connection,
  wire: Uint8Array,
  options: { preflight: boolean },
): Promise<void> {
  try {
    await connection.sendRawTransaction(wire, { skipPreflight: !options.preflight, preflightCommitment: "confirmed" });
  } catch (error) {
    if (!(error instanceof SendTransactionError)) {
      throw new ChainRpcError(
        `Solana RPC sendTransaction failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const reason = error.transactionError.message;
    if (/already been processed/i.test(reason)) return;
    if (/blockhash not found/i.test(reason)) {
      throw new ChainVerificationError(
        "the transaction's blockhash expired before it was sent; fetch a fresh transaction",
      );
    }
    if (/simulation failed|signature verification/i.test(reason)) {
      throw new ChainVerificationError(
        `the network refused the transaction: ${reason}${logsGist(error.transactionError.logs)}`,
      );
    }
    throw new ChainRpcError(`Solana RPC sendTransaction failed: ${reason}`, { cause: error });
  }
}

/**
 * Simulate fully signed wire bytes without sending them, signatures checked: the network's verdict
 * (insufficient funds, a bad signature, an expired blockhash) is a ChainVerificationError, so what
 * could never land is refused before anything about it is recorded. Any other failure is a ChainRpcError.
 */
export async function simulateSignedTransaction(connection: Connection, wire: Uint8Array): Promise<void> {
  let result;
  try {
    result = await connection.simulateTransaction(VersionedTransaction.deserialize(wire), {
      sigVerify: true,
      commitment: "confirmed",
    });
  } catch (error) {
    throw new ChainRpcError(
      `Solana RPC simulateTransaction failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const { err, logs } = result.value;
  if (err === null) return;
  const reason = typeof err === "string" ? err : JSON.stringify(err);
  if (/BlockhashNotFound/i.test(reason))
    throw new ChainVerificationError(
      "the transaction's blockhash expired before it was sent; fetch a fresh transaction",
    );
  throw new ChainVerificationError(`the network refused the transaction: ${reason}${logsGist(logs ?? undefined)}`);
}

import { z } from "zod";
import { ChainRpcError, ChainVerificationError } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "../network-config";
import { solanaRequest, type SolanaRpcAnswer } from "./solana-connection";

/** The first program error line of the logs, e.g. "Program log: Error: insufficient funds". */
function logsGist(logs: string[] | null | undefined): string {
  const line = logs?.find((l) => /error|failed/i.test(l) && !/consumed/.test(l));
  return line ? ` (${line.replace(/^Program log: /, "")})` : "";
}

const EXPIRED = "the transaction's blockhash expired before it was sent; fetch a fresh transaction";

/** What a node's refusal may carry: the preflight's logs. */
const refusalData = z.object({ logs: z.array(z.string()).nullish() }).passthrough();

/**
 * Broadcasts fully signed wire bytes (`base64`, checked as such by the caller). Idempotent: bytes the
 * network has already processed are not an error (a signature lands at most once, so a resend can never
 * pay twice). With preflight, what the node refuses for the transaction's own sake (simulation failure
 * such as insufficient funds, a bad signature, an expired blockhash) is a ChainVerificationError: those
 * bytes were not forwarded and cannot land as they are. Anything else is a ChainRpcError.
 */
export async function sendSignedTransaction(
  network: NetworkConfig,
  base64: string,
  options: { preflight: boolean },
): Promise<void> {
  const answer = await solanaRequest(network, "sendTransaction", [
    base64,
    { encoding: "base64", skipPreflight: !options.preflight, preflightCommitment: "confirmed" },
  ]);
  if (!("error" in answer)) {
    if (typeof answer.result !== "string") throw new ChainRpcError("Solana RPC sendTransaction answered no signature");
    return;
  }
  const reason = answer.error.message;
  if (/already been processed/i.test(reason)) return;
  if (/blockhash not found/i.test(reason)) throw new ChainVerificationError(EXPIRED);
  if (/simulation failed|signature verification/i.test(reason)) {
    const data = refusalData.safeParse(answer.error.data);
    throw new ChainVerificationError(
      `the network refused the transaction: ${reason}${logsGist(data.success ? data.data.logs : undefined)}`,
    );
  }
  throw new ChainRpcError(`Solana RPC sendTransaction failed: ${reason}`);
}

const simulation = z.object({
  value: z.object({ err: z.unknown(), logs: z.array(z.string()).nullish() }),
});

/**
 * Simulate fully signed wire bytes (`base64`) without sending them, signatures checked: the network's
 * verdict (insufficient funds, a bad signature, an expired blockhash) is a ChainVerificationError, so
 * what could never land is refused before anything about it is recorded. Any other failure is a
 * ChainRpcError.
 */
export async function simulateSignedTransaction(network: NetworkConfig, base64: string): Promise<void> {
  const answer: SolanaRpcAnswer = await solanaRequest(network, "simulateTransaction", [
    base64,
    { encoding: "base64", sigVerify: true, commitment: "confirmed" },
  ]);
  if ("error" in answer) throw new ChainRpcError(`Solana RPC simulateTransaction failed: ${answer.error.message}`);
  const parsed = simulation.safeParse(answer.result);
  if (!parsed.success) throw new ChainRpcError("Solana RPC simulateTransaction answered no simulation");
  const { err, logs } = parsed.data.value;
  if (err === null || err === undefined) return;
  const reason = typeof err === "string" ? err : JSON.stringify(err);
  if (/BlockhashNotFound/i.test(reason)) throw new ChainVerificationError(EXPIRED);
  throw new ChainVerificationError(`the network refused the transaction: ${reason}${logsGist(logs)}`);
}

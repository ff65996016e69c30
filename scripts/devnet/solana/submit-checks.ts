import { address, getBase58Decoder } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import {
  invalidParams,
  RpcError,
  RPC_SEND_TX_PREFLIGHT_FAILURE,
  RPC_TX_SIGNATURE_VERIFICATION_FAILURE,
} from "./rpc-error";
import { describeTxError, type RpcTxError } from "./tx-errors";
import { parseWireTransaction, type WireTransaction } from "./wire-format";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const ADVANCE_NONCE_ACCOUNT = 4; // system instruction index
const NONCE_HASH_OFFSET = 40; // version u32, state u32, authority 32 bytes, then the durable nonce

export function parseOrReject(wire: Uint8Array): WireTransaction {
  try {
    return parseWireTransaction(wire);
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`);
  }
}

/** LiteSVM throws (rather than failing the transaction) when a signature is missing entirely. */
export function withSignatureErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (/signature/i.test(message))
      throw new RpcError(RPC_TX_SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
    throw invalidParams(message);
  }
}

export function preflightFailure(err: RpcTxError, logs: string[], unitsConsumed: bigint): RpcError {
  if (err === "SignatureFailure") {
    return new RpcError(RPC_TX_SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
  }
  return new RpcError(RPC_SEND_TX_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTxError(err)}`, {
    err,
    logs,
    accounts: null,
    unitsConsumed: Number(unitsConsumed),
    returnData: null,
    innerInstructions: null,
  });
}

/** A durable-nonce transaction: first instruction AdvanceNonceAccount, blockhash = the nonce stored in that account. */
export function usesCurrentDurableNonce(svm: LiteSVM, tx: WireTransaction): boolean {
  const first = tx.instructions[0];
  if (!first || tx.staticKeys[first.programIdIndex] !== SYSTEM_PROGRAM || first.data[0] !== ADVANCE_NONCE_ACCOUNT)
    return false;
  const nonceKey = tx.staticKeys[first.accounts[0] ?? -1];
  if (!nonceKey) return false;
  const nonce = svm.getAccount(address(nonceKey));
  if (!nonce.exists || nonce.data.length < NONCE_HASH_OFFSET + 32) return false;
  return (
    getBase58Decoder().decode(nonce.data.subarray(NONCE_HASH_OFFSET, NONCE_HASH_OFFSET + 32)) === tx.recentBlockhash
  );
}

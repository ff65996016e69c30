import { toHex, type Hash, type Hex } from "viem";
import { ChainVerificationError, type TransferIntent, type Verified } from "../chain-adapter";
import { addressOrThrow, evmClientFor, sameAddress } from "./evm-client";
import { findTransaction } from "./find-transaction";

/**
 * The `eth_sendTransaction` of a native-coin payment: `amount` wei from the buyer straight to the
 * merchant, with the option's 32-byte reference as the call data. Accounts ignore call data, so this is
 * a plain transfer, but its hash commits to the reference: a transfer made for one payment (or none)
 * can never be confirmed for another, even at the same merchant, amount and buyer. A merchant address
 * that is a contract refusing call data makes the transfer revert: nothing moves, the payment fails.
 */
export function nativeTransferRequest(intent: TransferIntent): { from: Hex; to: Hex; value: Hex; data: Hex } {
  if (!/^0x[0-9a-fA-F]{64}$/.test(intent.reference)) throw new Error("intent.reference must be 32 bytes of hex");
  return {
    from: addressOrThrow(intent.payer, "payer"),
    to: addressOrThrow(intent.recipient, "recipient"),
    value: toHex(intent.amount),
    data: intent.reference.toLowerCase() as Hex,
  };
}

/**
 * Checks a transaction hash a wallet returned for a native-coin option: the transaction exists on
 * this chain, was sent by the payer to the recipient, carries exactly the option's reference as its
 * input and a positive value. The value is returned for the caller to compare with the option's amount
 * (a wallet that changed it still paid this payment: underpaid or overpaid, never dropped); the
 * receipt's success is observe's to check, since it may not be mined yet. Reuse of a hash across
 * payments is the caller's to refuse.
 */
export async function verifyNativeTransfer(
  intent: TransferIntent,
  result: string,
  timeoutMs: number,
): Promise<Verified> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(result)) throw new ChainVerificationError("result is not a transaction hash");
  const expected = nativeTransferRequest(intent);
  const tx = await findTransaction(intent, result as Hash, timeoutMs);
  if (tx.chainId !== evmClientFor(intent.network).chainId)
    throw new ChainVerificationError("transaction is for another chain");
  if (!sameAddress(tx.from, expected.from)) throw new ChainVerificationError("transaction is not from the payer");
  if (!sameAddress(tx.to, expected.to)) throw new ChainVerificationError("transaction is not to the recipient");
  if (tx.input.toLowerCase() !== expected.data)
    throw new ChainVerificationError("transaction input is not exactly this payment's reference");
  if (tx.value <= 0n) throw new ChainVerificationError(`transaction sends no ${intent.token.symbol}`);
  return { kind: "wallet_sent", txHash: tx.hash, payerNonce: tx.nonce, amount: tx.value };
}

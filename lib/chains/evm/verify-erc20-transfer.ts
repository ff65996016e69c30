import { decodeFunctionData, type Hash } from "viem";
import { ChainVerificationError, type TransferIntent, type Verified } from "../chain-adapter";
import { boundTransferData } from "./bound-transfer-data";
import { ERC20_ABI } from "./erc20-abi";
import { addressOrThrow, evmClientFor, sameAddress, tokenAddressOf } from "./evm-client";
import { findTransaction } from "./find-transaction";

/**
 * Checks a transaction hash a wallet returned for `eth_sendTransaction`: the transaction exists
 * on this chain (chain id included), was sent by the payer to the token contract, and its input is
 * exactly `transfer(recipient, value)` followed by the option's reference (so it pays this payment
 * and no other; the hash commits to the input, so the watcher needs no second look). `value` is
 * returned for the caller to compare with the option's amount. Receipt, success and the Transfer log are checked by
 * observe, since the transaction may not be mined yet. Returns its nonce too, so the watcher can
 * tell a transaction that is waiting from one the payer dropped or replaced. Reuse of a hash across
 * payments is the caller's to refuse (the adapter keeps no state).
 */
export async function verifyErc20Transfer(
  intent: TransferIntent,
  result: string,
  timeoutMs: number,
): Promise<Verified> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(result)) throw new ChainVerificationError("result is not a transaction hash");
  const payer = addressOrThrow(intent.payer, "payer");
  const recipient = addressOrThrow(intent.recipient, "recipient");
  const token = tokenAddressOf(intent.network, intent.token);
  const tx = await findTransaction(intent, result as Hash, timeoutMs);

  if (tx.chainId !== evmClientFor(intent.network).chainId)
    throw new ChainVerificationError("transaction is for another chain");
  if (!sameAddress(tx.from, payer)) throw new ChainVerificationError("transaction is not from the payer");
  if (!sameAddress(tx.to, token))
    throw new ChainVerificationError(`transaction is not a call to the ${intent.token.symbol} contract`);
  if (tx.value !== 0n) throw new ChainVerificationError("transaction sends ETH");
  let call;
  try {
    call = decodeFunctionData({ abi: ERC20_ABI, data: tx.input });
  } catch {
    throw new ChainVerificationError("transaction is not an ERC-20 transfer");
  }
  if (call.functionName !== "transfer") throw new ChainVerificationError("transaction is not an ERC-20 transfer");
  const [to, value] = call.args;
  if (!sameAddress(to, recipient)) throw new ChainVerificationError("transfer is not to the recipient");
  // Byte for byte, reference included: a transfer made for another payment (or none) is not this one's.
  // The amount is the one part a wallet may have changed: a bound transfer of another amount still
  // reached the merchant for this payment, so it is reported (underpaid, overpaid), never dropped.
  if (value <= 0n || tx.input.toLowerCase() !== boundTransferData({ ...intent, amount: value })) {
    throw new ChainVerificationError(
      `transaction input is not exactly transfer(recipient, amount) with this payment's reference`,
    );
  }
  return { kind: "wallet_sent", txHash: tx.hash, payerNonce: tx.nonce, amount: value };
}

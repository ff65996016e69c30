import { isNativeAsset } from "../caip";
import { ChainVerificationError, type Observation, type RefundIntent } from "../chain-adapter";
import type { Hash } from "viem";
import { evmClientFor } from "./evm-client";
import { observeEvmTransfer } from "./observe-evm-transfer";
import { rpcOrThrow } from "./rpc-errors";

const NO_REFERENCE = `0x${"0".repeat(64)}` as const;

/**
 * A refund the merchant's wallet sent: the same checks as a wallet-sent payment once it is mined
 * (receipt success, a `Transfer` log of the token from the merchant to the buyer for exactly the
 * amount, or for the native coin the transaction's own value, the required depth on the canonical
 * chain, mined no earlier than `notBefore` and in a later block than the payment's own transaction), with the
 * parties the other way round. A refund carries no payment reference, so nothing binds it to the
 * payment but its parties and amount: the caller refuses a hash already used by any payment or refund.
 */
export async function verifyEvmRefund(intent: RefundIntent, txHash: string): Promise<Observation> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new ChainVerificationError("not a transaction hash");
  const transfer = {
    network: intent.network,
    token: intent.token,
    method: isNativeAsset(intent.token.caip19) ? ("native_transfer" as const) : ("erc20_transfer" as const),
    payer: intent.from,
    recipient: intent.to,
    amount: intent.amount,
    reference: NO_REFERENCE,
    validBefore: 0,
  };
  const seen = await observeEvmTransfer(transfer, {
    kind: "wallet_sent",
    txHashes: [txHash],
    notBefore: intent.notBefore,
  });
  if (seen.state !== "confirmed" || !intent.paidBy) return seen;
  // Block order, not clocks: a transfer the merchant made before (or with) the payment cannot refund it.
  const { publicClient } = evmClientFor(intent.network);
  const [refund, paid] = await Promise.all(
    [seen.txHash, intent.paidBy].map((hash) =>
      rpcOrThrow("eth_getTransactionReceipt", () => publicClient.getTransactionReceipt({ hash: hash as Hash })),
    ),
  );
  if (refund!.blockNumber <= paid!.blockNumber)
    return { state: "failed", reason: "the transaction was mined before the payment's own transfer" };
  return seen;
}

import { isNativeAsset } from "../caip";
import { ChainVerificationError, type Observation, type RefundIntent } from "../chain-adapter";
import { observeEvmTransfer } from "./observe-evm-transfer";

const NO_REFERENCE = `0x${"0".repeat(64)}` as const;

/**
 * A refund the merchant's wallet sent: the same checks as a wallet-sent payment once it is mined
 * (receipt success, a `Transfer` log of the token from the merchant to the buyer for exactly the
 * amount, or for the native coin the transaction's own value, the required depth on the canonical
 * chain, mined no earlier than `notBefore`), with the
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
  return observeEvmTransfer(transfer, { kind: "wallet_sent", txHashes: [txHash], notBefore: intent.notBefore });
}
